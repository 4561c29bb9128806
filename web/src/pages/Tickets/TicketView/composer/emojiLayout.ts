/** The spec's row of the emoji picker. */
export const EMOJI_PER_LINE = 16;
/** emoji-mart's default button size, in px. */
const BUTTON_PX = 36;
/** The picker's own padding and scrollbar, plus a margin to the screen's edges. */
const CHROME_PX = 48;
const MIN_PER_LINE = 6;

/** 16 emojis a row where they fit; fewer on a phone, so the picker never runs off the screen. */
export function emojiPerLine(viewportWidth: number): number {
  const fitting = Math.floor((viewportWidth - CHROME_PX) / BUTTON_PX);
  return Math.max(MIN_PER_LINE, Math.min(EMOJI_PER_LINE, fitting));
}

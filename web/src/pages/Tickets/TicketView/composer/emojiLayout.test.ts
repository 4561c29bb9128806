import { describe, expect, it } from "vitest";
import { EMOJI_PER_LINE, emojiPerLine } from "./emojiLayout";

describe("emojiPerLine", () => {
  it("keeps the spec's 16 a row on a wide screen", () => {
    expect(emojiPerLine(1366)).toBe(EMOJI_PER_LINE);
    expect(emojiPerLine(48 + 16 * 36)).toBe(16);
  });

  it("fits a 360 px phone with fewer a row, never under 6", () => {
    const perLine = emojiPerLine(360);
    expect(perLine).toBe(8);
    expect(perLine * 36 + 48).toBeLessThanOrEqual(360);
    expect(emojiPerLine(100)).toBe(6);
  });
});

import { useEffect, useRef, useState } from "react";
import { Box, CircularProgress, ClickAwayListener, IconButton, Paper, Popper, Tooltip } from "@mui/material";
import EmojiEmotionsOutlinedIcon from "@mui/icons-material/EmojiEmotionsOutlined";
import { useTranslation } from "react-i18next";
import { useThemeMode } from "../../../../app/themeMode";
import { currentLanguage, type Language } from "../../../../i18n";
import { emojiPerLine } from "./emojiLayout";

const TRANSLATIONS: Record<Language, () => Promise<{ default: unknown }>> = {
  pt: () => import("@emoji-mart/data/i18n/pt.json"),
  en: () => import("@emoji-mart/data/i18n/en.json"),
  es: () => import("@emoji-mart/data/i18n/es.json"),
};

interface EmojiSelection {
  native?: string;
}

/** emoji-mart's picker (a web component), loaded the first time it opens, 16 emojis per row where they fit. */
function EmojiPanel({ onPick }: { onPick(emoji: string): void }) {
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const { mode } = useThemeMode();
  const language = currentLanguage();
  const [loading, setLoading] = useState(true);
  const [perLine] = useState(() => emojiPerLine(window.innerWidth));

  useEffect(() => {
    let cancelled = false;
    let picker: HTMLElement | null = null;
    void Promise.all([import("emoji-mart"), import("@emoji-mart/data"), TRANSLATIONS[language]()]).then(([{ Picker }, data, i18n]) => {
      if (cancelled || !host.current) return;
      picker = new Picker({
        data: data.default,
        i18n: i18n.default,
        perLine,
        theme: mode,
        previewPosition: "none",
        skinTonePosition: "search",
        autoFocus: true,
        onEmojiSelect: (emoji: EmojiSelection) => {
          if (emoji.native) pick.current(emoji.native);
        },
      }) as unknown as HTMLElement;
      host.current.appendChild(picker);
      setLoading(false);
    });
    return () => {
      cancelled = true;
      picker?.remove();
    };
  }, [language, mode, perLine]);

  return (
    <Box ref={host} data-testid="emoji-picker" sx={{ minWidth: 280, minHeight: loading ? 120 : undefined, display: "flex", justifyContent: "center", alignItems: "center" }}>
      {loading && <CircularProgress size={24} />}
    </Box>
  );
}

interface EmojiPickerProps {
  disabled: boolean;
  onPick(emoji: string): void;
  /** Where the focus goes back when the picker closes (the composer's input). */
  onClosed(): void;
}

/**
 * The emoji button of the composer; the picker stays open for several picks. It is not modal:
 * no backdrop, so a click outside reaches what it aims at (Resolver) and closes the picker.
 */
export function EmojiPicker({ disabled, onPick, onClosed }: EmojiPickerProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const closed = useRef(onClosed);
  closed.current = onClosed;
  const open = Boolean(anchor);

  const close = (returnFocus: boolean) => {
    setAnchor(null);
    if (returnFocus) closed.current();
  };

  useEffect(() => {
    if (!open) return;
    // capture on the document: emoji-mart's search field takes Escape inside its shadow root
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.isComposing) return;
      event.stopPropagation();
      event.preventDefault();
      setAnchor(null);
      closed.current();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [open]);

  const onClickAway = (event: MouseEvent | TouchEvent) => {
    if (anchor?.contains(event.target as Node)) return; // the button toggles by itself
    const active = document.activeElement;
    // a click on another control keeps its focus; a click on nothing gives it back to the composer
    close(!active || active === document.body);
  };

  return (
    <>
      <Tooltip title={t("ticketView.composer.emoji")}>
        <span>
          <IconButton aria-label={t("ticketView.composer.emoji")} aria-expanded={open} disabled={disabled} onClick={(event) => (open ? close(true) : setAnchor(event.currentTarget))} data-testid="composer-emoji">
            <EmojiEmotionsOutlinedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Popper open={open} anchorEl={anchor} placement="top-start" sx={{ zIndex: (theme) => theme.zIndex.modal }}>
        <ClickAwayListener onClickAway={onClickAway}>
          <Paper elevation={8} sx={{ maxWidth: "calc(100vw - 16px)", overflow: "hidden" }}>
            <EmojiPanel onPick={onPick} />
          </Paper>
        </ClickAwayListener>
      </Popper>
    </>
  );
}

import { useEffect, useRef, useState } from "react";
import { Box, CircularProgress, IconButton, Popover, Tooltip } from "@mui/material";
import EmojiEmotionsOutlinedIcon from "@mui/icons-material/EmojiEmotionsOutlined";
import { useTranslation } from "react-i18next";
import { useThemeMode } from "../../../../app/themeMode";
import { currentLanguage, type Language } from "../../../../i18n";

const PER_LINE = 16;

const TRANSLATIONS: Record<Language, () => Promise<{ default: unknown }>> = {
  pt: () => import("@emoji-mart/data/i18n/pt.json"),
  en: () => import("@emoji-mart/data/i18n/en.json"),
  es: () => import("@emoji-mart/data/i18n/es.json"),
};

interface EmojiSelection { native?: string }

/** emoji-mart's picker (a web component), loaded the first time it opens, 16 emojis per row. */
function EmojiPanel({ onPick }: { onPick(emoji: string): void }) {
  const host = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const { mode } = useThemeMode();
  const language = currentLanguage();
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    let picker: HTMLElement | null = null;
    void Promise.all([import("emoji-mart"), import("@emoji-mart/data"), TRANSLATIONS[language]()]).then(([{ Picker }, data, i18n]) => {
      if (cancelled || !host.current) return;
      picker = new Picker({
        data: data.default,
        i18n: i18n.default,
        perLine: PER_LINE,
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
  }, [language, mode]);

  return (
    <Box ref={host} data-testid="emoji-picker" sx={{ minWidth: 300, minHeight: loading ? 120 : undefined, display: "flex", justifyContent: "center", alignItems: "center" }}>
      {loading && <CircularProgress size={24} />}
    </Box>
  );
}

/** The emoji button of the composer; the picker stays open for several picks. */
export function EmojiPicker({ disabled, onPick }: { disabled: boolean; onPick(emoji: string): void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t("ticketView.composer.emoji")}>
        <span>
          <IconButton aria-label={t("ticketView.composer.emoji")} disabled={disabled} onClick={(event) => setAnchor(event.currentTarget)} data-testid="composer-emoji">
            <EmojiEmotionsOutlinedIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        {anchor && <EmojiPanel onPick={onPick} />}
      </Popover>
    </>
  );
}

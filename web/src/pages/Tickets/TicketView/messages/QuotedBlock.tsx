import { ButtonBase, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { QuotedMessage } from "../types";
import { FormattedText } from "../../../../components/whatsappText/FormattedText";

const MEDIA_LABELS = {
  image: "ticketView.media.image",
  audio: "ticketView.media.audio",
  video: "ticketView.media.video",
  application: "ticketView.media.document",
  document: "ticketView.media.document",
  locationMessage: "ticketView.media.location",
  vcard: "ticketView.media.vcard",
} as const;

/** Who wrote a quoted message and a short text of it (the media kind when it has no text of its own). */
export function useQuotedText(quoted: Pick<QuotedMessage, "body" | "fromMe" | "mediaType" | "contact">) {
  const { t } = useTranslation();
  const author = quoted.fromMe ? t("ticketView.messages.you") : (quoted.contact?.name ?? t("ticketView.messages.contact"));
  const media = quoted.mediaType && quoted.mediaType !== "call_log" ? MEDIA_LABELS[quoted.mediaType] : null;
  const plain = quoted.mediaType === "locationMessage" || quoted.mediaType === "vcard" || !quoted.body;
  const text = media && plain ? t(media) : quoted.body;
  return { author, text };
}

/** The quoted message inside a bubble or above the composer; a click jumps to it when it is loaded. */
export function QuotedBlock({ quoted, onClick }: { quoted: QuotedMessage; onClick?(): void }) {
  const { author, text } = useQuotedText(quoted);
  return (
    <ButtonBase
      onClick={onClick}
      disabled={!onClick}
      data-testid="quoted-message"
      sx={{
        display: "block",
        width: "100%",
        textAlign: "left",
        mb: 0.5,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: quoted.fromMe ? "primary.main" : "secondary.main",
        bgcolor: "action.hover",
      }}
    >
      <Typography variant="caption" sx={{ fontWeight: 600, color: quoted.fromMe ? "primary.main" : "secondary.main" }} component="div">
        {author}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-wrap", overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical" }}>
        <FormattedText text={text} />
      </Typography>
    </ButtonBase>
  );
}

import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../api/chats";
import { MediaDocument, MediaImage, type MediaTexts } from "../../components/media/AuthenticatedMedia";

const isImage = (message: ChatMessage) => (message.mediaType ?? "").startsWith("image") || /\.(png|jpe?g|gif|webp)$/i.test(message.mediaName ?? "");

/** A message's attachment: images inline, other files as a download chip; read with the token, never from a public address. */
export function ChatMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (!message.mediaPath) return null;
  const name = message.mediaName || t("chats.media.file");
  const texts: MediaTexts = { loading: t("chats.media.loading"), failed: t("chats.media.failed"), enlarge: t("chats.media.enlarge"), download: t("chats.media.download") };
  return isImage(message) ? (
    <MediaImage source={message.mediaPath} name={name} texts={texts} thumb={{ width: 220, maxHeight: 220 }} pendingHeight={160} testIdPrefix="chat-media" />
  ) : (
    <MediaDocument source={message.mediaPath} name={name} texts={texts} maxWidth={300} testIdPrefix="chat-media" />
  );
}

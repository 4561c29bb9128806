import { useEffect, useRef } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../i18n/format";
import { errorStatus } from "../../api/errors";
import { queryKeys } from "../../api/queryKeys";
import { fetchTicketMessages, type PeekMessage, type Ticket } from "../../api/tickets";
import { FormattedText } from "../../components/whatsappText/FormattedText";

const MEDIA_TYPES = ["image", "audio", "video", "application", "document", "locationMessage", "vcard", "call_log"] as const;
type MediaType = (typeof MEDIA_TYPES)[number];
const isMediaType = (value: unknown): value is MediaType => MEDIA_TYPES.includes(value as MediaType);

const timeOf = (iso: string) => formatDateTime(iso);

function PeekBubble({ message }: { message: PeekMessage }) {
  const { t } = useTranslation();
  const media = isMediaType(message.mediaType) ? t(`ticketManager.peek.media.${message.mediaType}`) : null;
  const body = message.mediaType === "locationMessage" ? (message.body.split("|")[2] ?? "") : message.body;
  return (
    <Box sx={{ alignSelf: message.fromMe ? "flex-end" : "flex-start", maxWidth: "80%" }} data-testid={`peek-message-${message.id}`}>
      <Box sx={{ px: 1.5, py: 1, borderRadius: 2, bgcolor: message.fromMe ? "primary.main" : "action.hover", color: message.fromMe ? "primary.contrastText" : "text.primary" }}>
        {!message.fromMe && message.contact?.name && (
          <Typography variant="caption" fontWeight={600} display="block">
            {message.contact.name}
          </Typography>
        )}
        {message.isDeleted ? (
          <Typography variant="body2" fontStyle="italic">
            {t("ticketManager.peek.deleted")}
          </Typography>
        ) : (
          <>
            {media && (
              <Typography variant="body2" fontWeight={600}>
                [{media}
                {message.mediaName ? `: ${message.mediaName}` : ""}]
              </Typography>
            )}
            {body && (
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", "& a": { color: "inherit" } }}>
                <FormattedText text={body} />
              </Typography>
            )}
          </>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", textAlign: message.fromMe ? "right" : "left" }}>
        {timeOf(message.createdAt)}
        {message.isEdited ? ` · ${t("ticketManager.peek.edited")}` : ""}
      </Typography>
    </Box>
  );
}

/** A read-only look at a conversation (admins): its messages, no composer. */
export function PeekDialog({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const { t } = useTranslation();
  const bottom = useRef<HTMLDivElement>(null);
  const query = useInfiniteQuery({
    queryKey: queryKeys.ticketPeek(ticket.id),
    queryFn: ({ pageParam }) => fetchTicketMessages(ticket.id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });
  // Page 1 holds the newest messages; older pages go above it.
  const messages = query.data ? [...query.data.pages].reverse().flatMap((page) => page.messages) : [];
  const pageCount = query.data?.pages.length ?? 0;
  useEffect(() => {
    if (pageCount === 1) bottom.current?.scrollIntoView({ block: "end" });
  }, [pageCount]);
  const denied = errorStatus(query.error) === 403;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="peek-dialog">
      <DialogTitle>{t("ticketManager.peek.title", { name: ticket.contact?.name ?? "" })}</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 240, maxHeight: "60vh" }}>
        {query.isPending && (
          <Stack alignItems="center" sx={{ py: 4 }}>
            <CircularProgress />
          </Stack>
        )}
        {query.isError && <Alert severity="error">{denied ? t("ticketManager.accessDenied") : t("common.loadFailed")}</Alert>}
        {query.isSuccess && messages.length === 0 && <Typography color="text.secondary">{t("ticketManager.peek.empty")}</Typography>}
        {query.hasNextPage && (
          <Stack alignItems="center" sx={{ mb: 1 }}>
            <Button size="small" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t("ticketManager.peek.loadOlder")}
            </Button>
          </Stack>
        )}
        <Stack spacing={1}>
          {messages.map((message) => (
            <PeekBubble key={message.id} message={message} />
          ))}
        </Stack>
        <div ref={bottom} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="peek-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

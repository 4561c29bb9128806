import { useCallback, type UIEvent } from "react";
import { Alert, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import InboxOutlined from "@mui/icons-material/InboxOutlined";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import { can } from "@balcao/common";
import type { Ticket, TicketFilters } from "../../api/tickets";
import { useSessionUser } from "../../app/authContext";
import { TicketListItem } from "./TicketListItem";
import { useTicketList } from "../../hooks/useTicketList";

/** The spec's infinite lists ask for the next page within 100 px of the bottom. */
const LOAD_MORE_PX = 100;

/** One list of tickets with its loading, empty and error states; scrolls into the next page. */
export function TicketsList({ filters, testId }: { filters: TicketFilters; testId: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const { ticketId: openUuid } = useParams();
  const list = useTicketList(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const canPeek = can(user.profile, "tickets-manager:showall");

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LOAD_MORE_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const onOpen = useCallback((ticket: Ticket) => navigate(`/tickets/${ticket.uuid}`), [navigate]);

  return (
    <Box onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflowY: "auto" }} data-testid={testId} data-count={list.count ?? ""}>
      {list.isPending && (
        <Stack alignItems="center" spacing={1} sx={{ py: 4 }} data-testid="tickets-loading">
          <CircularProgress size={28} />
          <Typography variant="body2" color="text.secondary">
            {t("common.loading")}
          </Typography>
        </Stack>
      )}
      {list.isError && (
        <Alert
          severity="error"
          sx={{ m: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {t("ticketManager.loadFailed")}
        </Alert>
      )}
      {list.isSuccess && list.tickets.length === 0 && (
        <Stack alignItems="center" spacing={1} sx={{ py: 5, px: 2, color: "text.secondary", textAlign: "center" }} data-testid="tickets-empty">
          <InboxOutlined sx={{ fontSize: 40 }} />
          <Typography variant="subtitle2">{t("ticketManager.emptyTitle")}</Typography>
          <Typography variant="body2">{t("ticketManager.emptyText")}</Typography>
        </Stack>
      )}
      {list.tickets.map((ticket) => (
        <TicketListItem key={ticket.id} ticket={ticket} selected={ticket.uuid === openUuid} canPeek={canPeek} onOpen={onOpen} />
      ))}
      {isFetchingNextPage && (
        <Stack direction="row" justifyContent="center" spacing={1} sx={{ py: 1.5 }}>
          <CircularProgress size={18} />
          <Typography variant="caption" color="text.secondary">
            {t("ticketManager.loadingMore")}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

import { useEffect, useMemo, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { SERVER_EVENTS, can } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import type { AppMessageEvent, TicketEvent } from "../../realtime/TicketEvents";
import { useCompanyEvent, useSocket } from "../../realtime/socketContext";
import { addTicketTag, fetchKanbanTags, fetchKanbanTickets, removeKanbanTags, type KanbanTicket, type KanbanTicketsPage } from "./kanbanApi";
import { OPEN_LANE, applyTicketToBoard, tagsAfterMove, type BoardViewer, type LaneId } from "./kanbanBoard";

const lanesKey = ["kanban", "lanes"] as const;

interface Move {
  ticket: KanbanTicket;
  target: LaneId;
}

/**
 * The board's lanes and tickets, live from the company's ticket events; a move is shown at once
 * and undone when the server refuses it.
 */
export function useKanbanBoard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const queueIds = useMemo(() => user.queues.map((q) => q.id).sort((a, b) => a - b), [user.queues]);
  const viewer: BoardViewer = useMemo(() => ({ userId: user.id, admin: can(user.profile, "tickets-manager:showall"), queueIds }), [user.id, user.profile, queueIds]);
  const ticketsKey = useMemo(() => ["kanban", "tickets", queueIds] as const, [queueIds]);
  // cards whose move is still on its way: socket echoes must not bounce them back meanwhile
  const moving = useRef(new Set<number>());

  const lanes = useQuery({ queryKey: lanesKey, queryFn: fetchKanbanTags });
  const tickets = useQuery({ queryKey: ticketsKey, queryFn: () => fetchKanbanTickets(queueIds) });

  const applyTicket = (ticket: KanbanTicket) => {
    queryClient.setQueryData<KanbanTicketsPage>(ticketsKey, (page) => page && { ...page, tickets: applyTicketToBoard(page.tickets, ticket, viewer, moving.current) });
    // a fetch on its way (after a reconnection) may answer from before this change and overwrite it: fetch again
    if (queryClient.isFetching({ queryKey: ticketsKey })) void queryClient.invalidateQueries({ queryKey: ticketsKey });
  };

  useCompanyEvent<TicketEvent>("ticket", (event) => {
    if (event.action === "update" && event.ticket) applyTicket(event.ticket);
    if (event.action === "delete") {
      queryClient.setQueryData<KanbanTicketsPage>(ticketsKey, (page) => page && { ...page, tickets: page.tickets.filter((x) => x.id !== event.ticketId) });
    }
  });
  useCompanyEvent<AppMessageEvent>("appMessage", (event) => {
    if (event.action === "create" && event.ticket) applyTicket(event.ticket);
  });
  // a lane renamed, recoloured, switched on or off, or deleted
  useCompanyEvent("tag", () => {
    void queryClient.invalidateQueries({ queryKey: ["kanban"] });
  });

  // events missed while the socket was away: fetch again after each (re)connection
  const { socket } = useSocket();
  useEffect(() => {
    if (!socket) return;
    const onReady = () => void queryClient.invalidateQueries({ queryKey: ticketsKey });
    socket.on(SERVER_EVENTS.ready, onReady);
    return () => {
      socket.off(SERVER_EVENTS.ready, onReady);
    };
  }, [socket, queryClient, ticketsKey]);

  const move = useMutation({
    mutationFn: async ({ ticket, target }: Move) => {
      await removeKanbanTags(ticket.id);
      if (target !== OPEN_LANE) await addTicketTag(ticket.id, target);
    },
    onMutate: async ({ ticket, target }: Move) => {
      moving.current.add(ticket.id);
      await queryClient.cancelQueries({ queryKey: ticketsKey });
      const before = queryClient.getQueryData<KanbanTicketsPage>(ticketsKey);
      const tags = tagsAfterMove(ticket.tags, lanes.data ?? [], target);
      queryClient.setQueryData<KanbanTicketsPage>(ticketsKey, (page) => page && { ...page, tickets: page.tickets.map((x) => (x.id === ticket.id ? { ...x, tags } : x)) });
      return { before };
    },
    onSuccess: (_, { target }) => {
      toast.success(t(target === OPEN_LANE ? "kanban.tagRemoved" : "kanban.tagAdded"));
    },
    onError: (_err, _move, context) => {
      if (context?.before) queryClient.setQueryData(ticketsKey, context.before);
      // the removal may have gone through before the addition failed: ask the server
      void queryClient.invalidateQueries({ queryKey: ticketsKey });
    },
    onSettled: (_data, _err, { ticket }) => {
      moving.current.delete(ticket.id);
    },
  });

  return { lanes, tickets, move: (ticket: KanbanTicket, target: LaneId) => move.mutate({ ticket, target }) };
}

import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useMatch, useNavigate } from "react-router-dom";
import { SERVER_EVENTS } from "@balcao/common";
import { queryKeys } from "../api/queryKeys";
import { applyNewMessage, applyTicketDelete, applyTicketUpdate, applyUnreadReset, findCachedTicketId, placeTicket, updateTicketLists } from "../api/ticketCache";
import type { Ticket } from "../api/tickets";
import { useCompanyEvent, useSocket } from "./socketContext";
import { useTicketViewer } from "./ticketViewer";

export type TicketEvent = { action: "update"; ticket: Ticket } | { action: "delete"; ticketId: number } | { action: "updateUnread"; ticketId: number };

export interface AppMessageEvent {
  action: "create" | "update";
  message: { id: number; ticketId: number; body: string; fromMe: boolean; read?: boolean; mediaType?: string | null };
  ticket: Ticket;
}

/** Keeps every cached ticket list in step with the company's ticket and message events. */
export function TicketEvents() {
  const queryClient = useQueryClient();
  const viewer = useTicketViewer();
  const navigate = useNavigate();
  const openMatch = useMatch("/tickets/:ticketId");
  const openUuid = openMatch?.params.ticketId ?? null;
  const { socket } = useSocket();

  useCompanyEvent<TicketEvent>("ticket", (event) => {
    if (event.action === "update" && event.ticket) {
      const ticket = event.ticket;
      updateTicketLists(queryClient, (data, filters) => applyTicketUpdate(data, ticket, placeTicket(ticket, filters, viewer)));
      return;
    }
    if (event.action === "delete") {
      const openId = openUuid ? findCachedTicketId(queryClient, openUuid) : null;
      updateTicketLists(queryClient, (data) => applyTicketDelete(data, event.ticketId));
      if (openId !== null && openId === event.ticketId) navigate("/tickets");
      return;
    }
    if (event.action === "updateUnread") updateTicketLists(queryClient, (data, filters) => applyUnreadReset(data, event.ticketId, filters));
  });

  useCompanyEvent<AppMessageEvent>("appMessage", (event) => {
    if (event.action !== "create" || !event.ticket) return;
    const ticket = event.ticket;
    updateTicketLists(queryClient, (data, filters) => applyNewMessage(data, ticket, placeTicket(ticket, filters, viewer)));
  });

  // Events missed while the socket was away: after a reconnection the lists are fetched again.
  const connections = useRef(0);
  useEffect(() => {
    if (!socket) return;
    connections.current = 0;
    const onReady = () => {
      connections.current += 1;
      if (connections.current > 1) void queryClient.invalidateQueries({ queryKey: queryKeys.ticketLists });
    };
    socket.on(SERVER_EVENTS.ready, onReady);
    return () => {
      socket.off(SERVER_EVENTS.ready, onReady);
    };
  }, [socket, queryClient]);

  return null;
}

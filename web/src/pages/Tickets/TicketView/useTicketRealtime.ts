import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { CLIENT_EVENTS, DEBOUNCE_MS, SERVER_EVENTS } from "@balcao/common";
import { useCompanyEvent, useSocket } from "../../../realtime/socketContext";
import { fetchMessages, ticketViewKeys } from "./api";
import { addMessage, replaceMessage, type MessagesData } from "./messages/messageCache";
import type { ContactView, MessageView, TicketView } from "./types";

interface AppMessageEvent {
  action: "create" | "update";
  message?: MessageView;
}
interface TicketEvent {
  action: string;
  ticket?: TicketView;
}
interface ContactEvent {
  action: string;
  contact?: ContactView;
}

/** Joins the ticket's room while the view is open (again after every reconnection) and leaves it on close. */
export function useChatBox(ticketId: number, ticketUuid: string) {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinChatBox, ticketId);
    // `ready` follows every (re)connection; a socket already connected has had its first one.
    let connectedBefore = socket.connected;
    const onReady = () => {
      join();
      // What happened while the socket was away is read again.
      if (connectedBefore) {
        void queryClient.invalidateQueries({ queryKey: ticketViewKeys.messages(ticketId) });
        void queryClient.invalidateQueries({ queryKey: ticketViewKeys.ticket(ticketUuid) });
      }
      connectedBefore = true;
    };
    socket.on(SERVER_EVENTS.ready, onReady);
    if (socket.connected) join();
    return () => {
      socket.off(SERVER_EVENTS.ready, onReady);
      socket.emit(CLIENT_EVENTS.leaveChatBox, ticketId);
    };
  }, [socket, ticketId, ticketUuid, queryClient]);
}

/** Live changes of this ticket, its contact and its messages, written into the view's caches. */
export function useTicketLiveUpdates(ticket: TicketView) {
  const queryClient = useQueryClient();
  const ticketKey = ticketViewKeys.ticket(ticket.uuid);
  const messagesKey = ticketViewKeys.messages(ticket.id);
  const markRead = useMarkReadWhileOpen(ticket.id);

  useCompanyEvent<AppMessageEvent>("appMessage", ({ action, message }) => {
    if (!message) return;
    if (action === "create" && message.ticketId === ticket.id) {
      queryClient.setQueryData<MessagesData>(messagesKey, (data) => addMessage(data, message));
      if (!message.fromMe) markRead();
    }
    if (action === "update") queryClient.setQueryData<MessagesData>(messagesKey, (data) => replaceMessage(data, message));
  });

  useCompanyEvent<TicketEvent>("ticket", ({ action, ticket: changed }) => {
    if (action !== "update" || !changed || changed.id !== ticket.id) return;
    queryClient.setQueryData<TicketView>(ticketKey, (current) => (current ? { ...current, ...changed, contact: { ...current.contact, ...changed.contact } } : changed));
  });

  useCompanyEvent<ContactEvent>("contact", ({ action, contact }) => {
    if (action !== "update" || !contact || contact.id !== ticket.contactId) return;
    queryClient.setQueryData<TicketView>(ticketKey, (current) => (current ? { ...current, contact: { ...current.contact, ...contact } } : current));
  });
}

/**
 * A message that arrives while the conversation is on screen is read: reading the newest page
 * again lets the server reset the unread count (after a short wait, or once the tab is visible).
 */
function useMarkReadWhileOpen(ticketId: number) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef(false);
  const read = useRef(() => undefined as void);

  useEffect(() => {
    read.current = () => {
      if (!pending.current || document.visibilityState !== "visible") return;
      pending.current = false;
      fetchMessages(ticketId, 1)
        .then((page) => queryClient.setQueryData<MessagesData>(ticketViewKeys.messages(ticketId), (data) => page.messages.reduce(addMessage, data)))
        .catch(() => undefined);
    };
    const onVisible = () => read.current();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.clearTimeout(timer.current);
      pending.current = false;
    };
  }, [ticketId, queryClient]);

  return () => {
    pending.current = true;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => read.current(), DEBOUNCE_MS);
  };
}

import { isSameDay, parseISO } from "date-fns";
import { formatDate, formatDateAs } from "../../../../i18n/format";

/** The least a message needs for the list's separators. */
export interface TimelineMessage {
  id: number;
  ticketId: number;
  createdAt: string;
}

export type TimelineItem<M extends TimelineMessage> =
  { kind: "day"; key: string; label: string } | { kind: "ticketEnded"; key: string; at: string } | { kind: "ticketStarted"; key: string; at: string } | { kind: "message"; key: string; message: M };

/** Oldest first; equal times keep the id order. */
export function sortMessages<M extends TimelineMessage>(messages: M[]): M[] {
  return [...messages].sort((a, b) => parseISO(a.createdAt).getTime() - parseISO(b.createdAt).getTime() || a.id - b.id);
}

/**
 * The rows of the message list: a day separator before the first message of each day, and
 * where consecutive messages belong to different tickets, a 'conversation ended' marker
 * (time of the last message of the earlier ticket) and a 'conversation started' marker
 * (time of the first message of the next one). Messages must be sorted.
 */
export function buildTimeline<M extends TimelineMessage>(messages: M[]): TimelineItem<M>[] {
  const items: TimelineItem<M>[] = [];
  let previous: M | undefined;
  for (const message of messages) {
    const at = parseISO(message.createdAt);
    const ticketChanged = previous !== undefined && previous.ticketId !== message.ticketId;
    if (previous && ticketChanged) items.push({ kind: "ticketEnded", key: `ended-${previous.id}`, at: formatDateAs(parseISO(previous.createdAt), "dateTimeSeconds") });
    if (!previous || !isSameDay(parseISO(previous.createdAt), at)) items.push({ kind: "day", key: `day-${message.id}`, label: formatDate(at) });
    if (ticketChanged) items.push({ kind: "ticketStarted", key: `started-${message.id}`, at: formatDateAs(at, "dateTimeSeconds") });
    items.push({ kind: "message", key: `message-${message.id}`, message });
    previous = message;
  }
  return items;
}

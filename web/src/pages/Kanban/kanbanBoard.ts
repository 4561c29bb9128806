import type { TagRef } from "@balcao/common";
import type { KanbanTag, KanbanTicket } from "./kanbanApi";

/** The lane of tickets without a kanban tag ('Em aberto'). */
export const OPEN_LANE = "open";
export type LaneId = typeof OPEN_LANE | number;

export const laneKey = (lane: LaneId) => `lane-${lane}`;
export const laneFromKey = (key: string | number | undefined | null): LaneId | null => {
  const raw = String(key ?? "").replace(/^lane-/, "");
  if (raw === OPEN_LANE) return OPEN_LANE;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** The ticket's lane: its first tag that is a lane, or the open lane. */
export function laneOf(ticket: Pick<KanbanTicket, "tags">, lanes: readonly Pick<KanbanTag, "id">[]): LaneId {
  const ids = new Set(lanes.map((l) => l.id));
  return ticket.tags.find((tag) => ids.has(tag.id))?.id ?? OPEN_LANE;
}

/** Tickets by lane, each lane newest activity first. */
export function groupByLane(tickets: readonly KanbanTicket[], lanes: readonly KanbanTag[]) {
  const groups = new Map<LaneId, KanbanTicket[]>([[OPEN_LANE, []], ...lanes.map((l) => [l.id, []] as [LaneId, KanbanTicket[]])]);
  const sorted = [...tickets].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
  for (const ticket of sorted) groups.get(laneOf(ticket, lanes))?.push(ticket);
  return groups;
}

/** The ticket's tags after a move to `target`: no lane tag but the target's; other tags kept. */
export function tagsAfterMove(tags: readonly TagRef[], lanes: readonly KanbanTag[], target: LaneId): TagRef[] {
  const ids = new Set(lanes.map((l) => l.id));
  const kept = tags.filter((tag) => !ids.has(tag.id));
  const lane = target === OPEN_LANE ? undefined : lanes.find((l) => l.id === target);
  return lane ? [...kept, { id: lane.id, name: lane.name, color: lane.color }] : kept;
}

export interface BoardViewer {
  userId: number;
  admin: boolean;
  /** The queues the board was asked for (the user's queues). */
  queueIds: readonly number[];
}

/** Whether a ticket heard over the socket belongs on this board (same rules as GET /ticket/kanban). */
export function belongsOnBoard(ticket: Pick<KanbanTicket, "status" | "queueId" | "userId">, viewer: BoardViewer) {
  if (ticket.status !== "open" && ticket.status !== "pending") return false;
  if (viewer.admin && viewer.queueIds.length === 0) return true;
  if (ticket.queueId === null || viewer.queueIds.includes(ticket.queueId)) return true;
  return !viewer.admin && ticket.userId === viewer.userId;
}

/**
 * The board's tickets after a ticket update: replaced in place, added, or dropped when it no longer
 * belongs. A card being moved keeps the tags the user gave it until the move settles.
 */
export function applyTicketToBoard(list: readonly KanbanTicket[], ticket: KanbanTicket, viewer: BoardViewer, moving: ReadonlySet<number>): KanbanTicket[] {
  const index = list.findIndex((t) => t.id === ticket.id);
  if (!belongsOnBoard(ticket, viewer)) return index < 0 ? (list as KanbanTicket[]) : list.filter((t) => t.id !== ticket.id);
  if (index < 0) return [ticket, ...list];
  const next = moving.has(ticket.id) ? { ...ticket, tags: list[index].tags } : ticket;
  return list.map((t, i) => (i === index ? next : t));
}

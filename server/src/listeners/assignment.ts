import { and, eq } from "drizzle-orm";
import type { DomainEvent, Listener } from "../events/types";
import type { AppContext } from "../context";
import { queues, tickets } from "../db/schema";
import { assignWaiting } from "../automation/assignment/assign";
import type { Placement } from "../modules/tickets/events";

/** Changes of a user that can make them take tickets: back from a pause, more capacity, new queues. */
const USER_FIELDS = ["paused", "capacity", "queueIds"];

/** Whether the queue hands its tickets out itself: most queues are manual, and their waiting tickets (every customer's message updates one) need no run. */
async function queueIsAutomatic(ctx: AppContext, companyId: number, queueId: number) {
  const [queue] = await ctx.db
    .select({ mode: queues.assignmentMode })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  return !!queue && queue.mode !== "manual";
}

/** Whether a ticket change may let automatic assignment give something: a ticket waits, or an attendant has one less. */
async function ticketMayAssign(ctx: AppContext, event: DomainEvent) {
  const data = event.data as { ticketId: number; before?: Placement };
  if (event.type === "ticket.deleted") return (data as unknown as Placement).status === "open";
  const given = (event.transient as { ticket?: Placement } | undefined)?.ticket;
  const [now] = given
    ? [given]
    : await ctx.db
        .select({ status: tickets.status, queueId: tickets.queueId, userId: tickets.userId })
        .from(tickets)
        .where(and(eq(tickets.companyId, event.companyId!), eq(tickets.id, data.ticketId)));
  if (!now) return false;
  if (now.status === "pending" && now.userId === null && now.queueId !== null) return queueIsAutomatic(ctx, event.companyId!, now.queueId);
  const before = data.before;
  return !!before && before.status === "open" && before.userId !== null && (now.status !== "open" || now.userId !== before.userId);
}

/** Whether an event may let a waiting ticket go to an attendant. */
async function mayAssign(ctx: AppContext, event: DomainEvent) {
  const changed = (event.data as { changed?: string[] }).changed ?? [];
  switch (event.type) {
    case "ticket.updated":
    case "ticket.deleted":
      return ticketMayAssign(ctx, event);
    case "presence.online":
      return true;
    case "user.updated":
      return changed.some((f) => USER_FIELDS.includes(f));
    case "queue.updated":
      return changed.includes("assignmentMode");
    default:
      return false;
  }
}

const TYPES = new Set(["ticket.updated", "ticket.deleted", "presence.online", "user.updated", "queue.updated"]);

/**
 * Automatic assignment after the change commits: a ticket starts waiting in a queue that is not
 * manual, an attendant comes online, resumes, gets room (a ticket of theirs closed, moved or went
 * back to pending) or more capacity or queues, a queue turns automatic. The minute sweep
 * (jobs/runner.ts) catches what a stop lost.
 */
export const automaticAssignment: Listener = {
  name: "automation.assignment",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    if (event.companyId === null || !(await mayAssign(ctx, event))) return;
    // Started, not awaited: the run records events of ticket streams (maybe this event's own, whose
    // dispatch waits for this one) and its own events come back here; a customer's message or an
    // attendant's request never waits for the company's assignments. A failure or a stop is the
    // minute sweep's (jobs/runner.ts) to make good.
    const companyId = event.companyId;
    void assignWaiting(ctx, companyId).catch((err) => ctx.log?.warn({ err, companyId }, "automatic assignment failed; the minute sweep tries again"));
  },
};

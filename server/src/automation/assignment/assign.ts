import { and, eq, isNull } from "drizzle-orm";
import { perApp, type AppContext } from "../../context";
import { tickets } from "../../db/schema";
import { command } from "../../events/command";
import { presentTicket, type TicketView } from "../../modules/tickets/present";
import { ticketAssigned, ticketUpdated } from "../../modules/tickets/events";
import { greetOnAccept } from "../../modules/tickets/service";
import { stageTicketChange } from "../transitions";
import { sendStaged, stagedEvents } from "../outbox";
import { lockCompany, nextAttendant, oldestWaiting, recordTurn } from "./pick";

type Assigned = { view: TicketView; staged: Awaited<ReturnType<typeof stageTicketChange>> };

/**
 * Gives one waiting ticket of the company to an attendant, in one transaction under the company's
 * assignment lock: the oldest waiting ticket whose queue has someone free. Answers what it
 * assigned, or null when nothing more can be assigned now.
 */
async function assignOne(ctx: AppContext, companyId: number): Promise<Assigned | null> {
  return command(ctx, async (tx, events) => {
    await lockCompany(tx, companyId);
    // a queue whose oldest ticket finds nobody free has nobody for its later tickets either
    const full: number[] = [];
    for (;;) {
      const ticket = await oldestWaiting(tx, companyId, full);
      if (!ticket) return null;
      const userId = await nextAttendant(tx, companyId, ticket.queue_id, ticket.mode);
      if (userId === null) {
        full.push(ticket.queue_id);
        continue;
      }
      const now = new Date();
      // the same change an attendant's accept makes (tickets/service.ts updateTicket), if still waiting
      const [before] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticket.id)));
      const [row] = await tx
        .update(tickets)
        .set({ status: "open", userId, updatedAt: now })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticket.id), eq(tickets.status, "pending"), isNull(tickets.userId)))
        .returning();
      if (!row) continue;
      await recordTurn(tx, companyId, ticket.queue_id, userId, now);
      const staged = await stageTicketChange(tx, before, row, { note: (data, message) => ctx.log?.info(data, message) });
      const view = await presentTicket(tx, row);
      events.add(ticketUpdated(view, { before }), ticketAssigned(view, userId), ...stagedEvents(view, staged));
      return { view, staged };
    }
  });
}

/** Assigns until nothing more can be; then what the accepts send (greeting on accept) goes out. */
async function assignAll(ctx: AppContext, companyId: number) {
  let count = 0;
  for (let assigned = await assignOne(ctx, companyId); assigned; assigned = await assignOne(ctx, companyId)) {
    count++;
    await sendStaged(ctx, assigned.staged, assigned.view);
    if (!assigned.view.isGroup) await greetOnAccept(ctx, companyId, assigned.view.userId!, assigned.view);
  }
  return count;
}

interface Run {
  running: Promise<number>;
  again: boolean;
}

/** Per app and company: the run going on, and whether something changed since it started. */
const runs = perApp(() => new Map<number, Run>());

/**
 * Assigns the company's waiting tickets to free attendants. Calls that come while a run goes on
 * share one more run after it (a burst of a hundred new customers is a few runs, not a hundred),
 * so nothing that changed meanwhile is missed. Answers when the company's assignments are done.
 */
export function assignWaiting(ctx: AppContext, companyId: number): Promise<number> {
  const map = runs(ctx);
  const current = map.get(companyId);
  if (current) {
    current.again = true;
    return current.running;
  }
  const run: Run = { again: false, running: Promise.resolve(0) };
  run.running = (async () => {
    let total = 0;
    try {
      do {
        run.again = false;
        total += await assignAll(ctx, companyId);
      } while (run.again);
    } finally {
      map.delete(companyId);
    }
    return total;
  })();
  map.set(companyId, run);
  return run.running;
}

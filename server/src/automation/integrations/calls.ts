import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { perApp, type AppContext } from "../../context";
import { integrationCalls, tickets } from "../../db/schema";
import { applyAnswer, handOverAfterFailure, heldBy } from "./apply";
import { askIntegration } from "./ask";
import { wakeIntegrationCalls } from "./wakeups";
import { planAllows } from "../../policies/plan";

/** Tries of one message before a person takes the ticket over. */
export const INTEGRATION_MAX_ATTEMPTS = 3;
/** 10 s, then 1 min, between tries of a failing endpoint. */
export const integrationBackoffMs = (attempts: number) => (attempts <= 1 ? 10_000 : 60_000);
const LEASE_MS = 2 * 60_000;

/** Keeps a customer message for the ticket's integration; a message kept before (a redelivered event) is kept once. */
export async function handToIntegration(ctx: AppContext, call: { companyId: number; ticketId: number; messageId: number; integrationId: number }) {
  await ctx.db.insert(integrationCalls).values(call).onConflictDoNothing();
  await processTicketCalls(ctx, call.companyId, call.ticketId);
}

/** A ticket's calls run one at a time in this process, in the order the messages came. */
const running = perApp(() => new Map<number, Promise<void>>());

export function processTicketCalls(ctx: AppContext, companyId: number, ticketId: number, now?: Date): Promise<void> {
  const chains = running(ctx);
  const before = chains.get(ticketId) ?? Promise.resolve();
  const next = before.then(() => runTicket(ctx, companyId, ticketId, now)).catch((err) => ctx.log?.warn({ err, ticketId }, "integration call not processed"));
  chains.set(ticketId, next);
  void next.finally(() => chains.get(ticketId) === next && chains.delete(ticketId));
  return next;
}

/** Runs the ticket's pending calls oldest first; stops at one not yet due (a later message waits for it). */
async function runTicket(ctx: AppContext, companyId: number, ticketId: number, at?: Date) {
  for (let n = 0; n < 100; n++) {
    const now = at ?? new Date();
    const [call] = await ctx.db
      .select()
      .from(integrationCalls)
      .where(and(eq(integrationCalls.companyId, companyId), eq(integrationCalls.ticketId, ticketId), eq(integrationCalls.status, "pending")))
      .orderBy(asc(integrationCalls.messageId))
      .limit(1);
    if (!call || call.nextAttemptAt > now) return;
    const claim = new Date(now.getTime() + LEASE_MS);
    const [claimed] = await ctx.db
      .update(integrationCalls)
      .set({ claimedUntil: claim })
      .where(and(eq(integrationCalls.id, call.id), eq(integrationCalls.status, "pending"), or(isNull(integrationCalls.claimedUntil), lte(integrationCalls.claimedUntil, now))))
      .returning();
    if (!claimed) return;
    await runCall(ctx, claimed, claim, now);
  }
}

async function runCall(ctx: AppContext, call: typeof integrationCalls.$inferSelect, claim: Date, now: Date) {
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, call.companyId), eq(tickets.id, call.ticketId)));
  // taken by a person, closed or handed over meanwhile, or the plan lost integrations: nothing to ask
  if (!heldBy(ticket, call.integrationId) || !(await planAllows(ctx.db, call.companyId, "useIntegrations"))) return dropCall(ctx, call, claim);
  try {
    const answer = await askIntegration(ctx, ticket, call.integrationId, call.messageId);
    await applyAnswer(ctx, call, claim, answer ?? { messages: [] });
  } catch (err) {
    const error = (err as Error).message?.split("\n")[0].slice(0, 300) ?? "failed";
    const attempts = call.attempts + 1;
    ctx.log?.warn({ ticketId: call.ticketId, integrationId: call.integrationId, attempts, reason: error }, "integration did not answer");
    if (attempts >= INTEGRATION_MAX_ATTEMPTS) return handOverAfterFailure(ctx, call, claim, error);
    const nextAttemptAt = new Date(now.getTime() + integrationBackoffMs(attempts));
    await ctx.db
      .update(integrationCalls)
      .set({ attempts, nextAttemptAt, lastError: error, claimedUntil: null })
      .where(and(eq(integrationCalls.id, call.id), eq(integrationCalls.claimedUntil, claim)));
    await wakeIntegrationCalls(ctx, nextAttemptAt);
  }
}

/** A call nobody is to answer any more: done, without a word, while this process still holds its claim. */
async function dropCall(ctx: AppContext, call: typeof integrationCalls.$inferSelect, claim: Date) {
  await ctx.db
    .update(integrationCalls)
    .set({ status: "done", claimedUntil: null, attempts: call.attempts + 1, lastError: null })
    .where(and(eq(integrationCalls.id, call.id), eq(integrationCalls.status, "pending"), eq(integrationCalls.claimedUntil, claim)));
}

/** Calls due again (a failed try's backoff passed, or a process stopped mid-call), per ticket. Answers how many tickets. */
export async function runDueIntegrationCalls(ctx: AppContext, now = new Date()) {
  const due = await ctx.db
    .selectDistinct({ companyId: integrationCalls.companyId, ticketId: integrationCalls.ticketId })
    .from(integrationCalls)
    .where(and(eq(integrationCalls.status, "pending"), lte(integrationCalls.nextAttemptAt, now), or(isNull(integrationCalls.claimedUntil), lte(integrationCalls.claimedUntil, now))))
    .limit(200);
  for (const { companyId, ticketId } of due) await processTicketCalls(ctx, companyId, ticketId, now);
  return due.length;
}

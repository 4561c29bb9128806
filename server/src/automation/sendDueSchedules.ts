import { and, asc, eq, isNotNull, isNull, lt, lte, not } from "drizzle-orm";
import type { AppContext } from "../context";
import { schedules } from "../db/schema";
import { deliverSchedule } from "../modules/schedules/send";
import { findScheduleView } from "../modules/schedules/present";
import { command } from "../events/command";
import type { Db } from "../db/client";
import type { EventLog } from "../events/record";
import { companyExpiredSql } from "../modules/companies/sendingAllowed";

const BATCH = 50;
/** A claim older than this was left by a process that stopped mid-send: it is reported, never re-sent. */
const STALE_CLAIM_MS = 10 * 60_000;

/** The job changed a schedule's status: recorded in the change's transaction, without an actor. */
async function recordUpdated(tx: Db, events: EventLog, companyId: number, id: number) {
  const schedule = await findScheduleView(tx, companyId, id);
  if (!schedule) return;
  const data = { scheduleId: id, contactId: schedule.contactId, status: schedule.status };
  events.add({ type: "schedule.updated", companyId, stream: `schedule:${id}`, data, transient: { schedule } });
}

/**
 * Claims one due schedule: a single conditional UPDATE (still PENDENTE, not claimed, due) marks
 * it with sentAt, so of two processes or two runs only one gets it. Null when another did.
 */
async function claim(ctx: AppContext, id: number, now: Date) {
  const [row] = await ctx.db
    .update(schedules)
    .set({ sentAt: now, updatedAt: new Date() })
    .where(and(eq(schedules.id, id), eq(schedules.status, "PENDENTE"), isNull(schedules.sentAt), lte(schedules.sendAt, now)))
    .returning();
  return row ?? null;
}

/**
 * Sends a claimed schedule and records the outcome: ENVIADA with its sentAt, ERRO (sentAt
 * cleared), or PENDENTE again when its company expired meanwhile.
 */
async function sendClaimed(ctx: AppContext, row: typeof schedules.$inferSelect, now: Date): Promise<boolean> {
  let outcome: Partial<typeof schedules.$inferInsert>;
  let sent = false;
  try {
    const ticketId = await deliverSchedule(ctx, row);
    outcome = { status: "ENVIADA", sentAt: now, ticketId, failure: null };
    sent = true;
  } catch (err) {
    const code = (err as { code?: string }).code;
    ctx.log?.warn({ scheduleId: row.id, code }, "scheduled message not sent");
    // an expired company's schedule waits, unclaimed, and goes out at the first run after renewal
    outcome = code === "ERR_SUBSCRIPTION_EXPIRED" ? { status: "PENDENTE", sentAt: null } : { status: "ERRO", sentAt: null, failure: code ?? "ERR_SENDING_WAPP_MSG" };
  }
  await command(ctx, async (tx, events) => {
    await tx
      .update(schedules)
      .set({ ...outcome, updatedAt: new Date() })
      .where(eq(schedules.id, row.id));
    await recordUpdated(tx, events, row.companyId, row.id);
  });
  return sent;
}

/** Claims abandoned by a stopped process become ERRO, so the user sees them and may reschedule. */
async function reportAbandonedClaims(ctx: AppContext, now: Date) {
  await command(ctx, async (tx, events) => {
    const abandoned = await tx
      .update(schedules)
      .set({ status: "ERRO", sentAt: null, updatedAt: new Date() })
      .where(and(eq(schedules.status, "PENDENTE"), isNotNull(schedules.sentAt), lt(schedules.sentAt, new Date(now.getTime() - STALE_CLAIM_MS))))
      .returning({ id: schedules.id, companyId: schedules.companyId });
    for (const s of abandoned) await recordUpdated(tx, events, s.companyId, s.id);
  });
}

/**
 * Sends every PENDENTE schedule whose time has come (sendAt ≤ now), oldest first, each exactly
 * once however many runs overlap. `now` is injectable so tests can move the clock.
 */
export async function sendDueSchedules(ctx: AppContext, now = new Date()) {
  await reportAbandonedClaims(ctx, now);
  const result = { sent: 0, failed: 0 };
  for (;;) {
    const due = await ctx.db
      .select({ id: schedules.id })
      .from(schedules)
      // an expired company's schedules wait for its renewal (sendClaimed)
      .where(and(eq(schedules.status, "PENDENTE"), isNull(schedules.sentAt), lte(schedules.sendAt, now), not(companyExpiredSql(schedules.companyId, now))))
      .orderBy(asc(schedules.sendAt), asc(schedules.id))
      .limit(BATCH);
    for (const { id } of due) {
      const row = await claim(ctx, id, now);
      if (!row) continue; // another run has it
      if (await sendClaimed(ctx, row, now)) result.sent++;
      else result.failed++;
    }
    if (due.length < BATCH) return result;
  }
}

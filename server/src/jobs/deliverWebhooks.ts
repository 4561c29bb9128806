import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { AppContext } from "../context";
import { webhookDeliveries, webhookEndpoints } from "../db/schema";
import { unseal } from "../channels/sealing";
import { postWebhook, type PostOutcome } from "./webhookPost";
import { wakeWebhookDeliveries } from "./webhookWakeups";

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** 30 s, 1 min, 2 min … then every hour, until the delivery's retryUntil (24 h). */
export const webhookBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);

export interface DeliverOptions {
  /** The clock of this run (tests move it to reach backoff times without waiting). */
  now?: Date;
  timeoutMs?: number;
  /** Deliveries claimed and sent together. */
  batch?: number;
}

export interface DeliverResult {
  succeeded: number;
  retrying: number;
  failed: number;
}

/**
 * Claims due deliveries of enabled endpoints (FOR UPDATE SKIP LOCKED, then a lease in
 * claimedUntil): another process, or a run that overlaps, skips them until the send is recorded.
 */
async function claimDue(ctx: AppContext, now: Date, batch: number, leaseMs: number): Promise<DeliveryRow[]> {
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.enabled, true)))
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now), or(isNull(webhookDeliveries.claimedUntil), lte(webhookDeliveries.claimedUntil, now))))
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(batch)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Writes one try's outcome, if the claim is still ours; answers what became of the delivery. */
async function record(ctx: AppContext, row: DeliveryRow, outcome: PostOutcome, now: Date): Promise<keyof DeliverResult> {
  const attempts = row.attempts + 1;
  const common = { attempts, responseCode: outcome.status, lastAttemptAt: now, claimedUntil: null };
  let result: keyof DeliverResult;
  let set: Partial<typeof webhookDeliveries.$inferInsert>;
  if (outcome.ok) {
    result = "succeeded";
    set = { ...common, status: "succeeded", lastError: null, nextAttemptAt: null };
  } else if (now.getTime() >= row.retryUntil.getTime()) {
    result = "failed";
    set = { ...common, status: "failed", lastError: outcome.error, nextAttemptAt: null };
  } else {
    result = "retrying";
    const next = new Date(Math.min(now.getTime() + webhookBackoffMs(attempts), row.retryUntil.getTime()));
    set = { ...common, lastError: outcome.error, nextAttemptAt: next };
  }
  const [written] = await ctx.db
    .update(webhookDeliveries)
    .set(set)
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.claimedUntil, row.claimedUntil!)))
    .returning({ id: webhookDeliveries.id });
  if (!written) ctx.log?.warn({ deliveryId: row.id }, "webhook delivery changed while it was sent; outcome not recorded");
  else if (set.nextAttemptAt) await wakeWebhookDeliveries(ctx, set.nextAttemptAt);
  ctx.log?.info({ deliveryId: row.id, endpointId: row.endpointId, eventId: row.eventId, status: outcome.status, result }, "webhook delivery tried");
  return result;
}

async function sendOne(ctx: AppContext, row: DeliveryRow, endpoint: EndpointRow | undefined, now: Date, timeoutMs: number) {
  // deleted meanwhile: its deliveries went with it
  if (!endpoint) return null;
  let outcome: PostOutcome;
  try {
    const secret = unseal(ctx.config.dataDir, endpoint.secret);
    outcome = await postWebhook({ url: endpoint.url, secret, eventId: row.eventId, eventType: row.eventType, body: row.body }, { timeoutMs, allowPrivate: ctx.config.webhooksAllowPrivateHosts });
  } catch (err) {
    outcome = { ok: false, status: null, error: `${(err as Error).name ?? "Error"}: could not send` };
  }
  return record(ctx, row, outcome, now);
}

/**
 * Sends every due delivery once (signed, each within `timeoutMs`): a 2xx succeeds, anything else
 * is tried again with backoff until its retryUntil, then failed. Safe to run in several processes.
 */
export async function deliverDueWebhooks(ctx: AppContext, opts: DeliverOptions = {}): Promise<DeliverResult> {
  const now = opts.now ?? new Date();
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const batch = opts.batch ?? 10;
  const result: DeliverResult = { succeeded: 0, retrying: 0, failed: 0 };
  for (let round = 0; round < 100; round++) {
    const rows = await claimDue(ctx, now, batch, timeoutMs + 60_000);
    if (rows.length === 0) break;
    const endpoints = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(rows.map((r) => r.endpointId))]));
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    const outcomes = await Promise.all(rows.map((row) => sendOne(ctx, row, byId.get(row.endpointId), now, timeoutMs)));
    for (const o of outcomes) if (o) result[o]++;
    if (rows.length < batch) break;
  }
  return result;
}

import crypto from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { WhatsappBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { queues, whatsappQueues, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { presentWhatsapp } from "./present";
import { uniqueViolation } from "../../db/errors";
import { CHANNEL_KINDS } from "../../channels/manager";
import { cloudColumn } from "../../channels/cloud/config";
import { syncTemplates } from "../../channels/cloud/templates";
import { assertPlanAllowsOneMore } from "../plans/limits";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { whatsappCreated, whatsappDeleted, whatsappUpdated } from "./events";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function findWhatsapp(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return row;
}

export async function listWhatsapps(db: Db, companyId: number) {
  return db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId)).orderBy(asc(whatsapps.id));
}

/** Sets the connection's queues; answers whether they changed. */
async function setQueues(tx: Tx, companyId: number, whatsappId: number, queueIds: number[]) {
  const unique = [...new Set(queueIds)];
  if (unique.length) {
    const found = await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), inArray(queues.id, unique)));
    if (found.length !== unique.length) throw new AppError("ERR_VALIDATION", 400, { field: "queueIds", message: "queueIds: Invalid value" });
  }
  const removed = await tx
    .delete(whatsappQueues)
    .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)))
    .returning({ queueId: whatsappQueues.queueId });
  if (unique.length) await tx.insert(whatsappQueues).values(unique.map((queueId) => ({ companyId, whatsappId, queueId })));
  return removed.length !== unique.length || removed.some((r) => !unique.includes(r.queueId));
}

const numberOrNull = (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v));

function columns(body: Partial<WhatsappBody>) {
  const out: Partial<typeof whatsapps.$inferInsert> = {
    name: body.name,
    greetingMessage: body.greetingMessage,
    complationMessage: body.complationMessage,
    outOfHoursMessage: body.outOfHoursMessage,
    ratingMessage: body.ratingMessage,
    expiresInactiveMessage: body.expiresInactiveMessage,
    promptId: body.promptId,
    integrationId: body.integrationId,
    transferQueueId: body.transferQueueId,
    timeToTransfer: body.timeToTransfer === undefined ? undefined : numberOrNull(body.timeToTransfer),
    expiresTicket: body.expiresTicket === undefined ? undefined : (numberOrNull(body.expiresTicket) ?? 0),
    token: body.token || undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

function asFieldError(err: unknown) {
  const violation = uniqueViolation(err);
  if (!violation) return err;
  const field = violation.constraint.includes("token") ? "token" : "name";
  return new AppError("ERR_VALIDATION", 400, { field, message: `${field}: already in use` });
}

/** A transfer queue must be one of the company's queues. */
async function assertTransferQueue(ctx: AppContext, companyId: number, queueId: number | null | undefined) {
  if (!queueId) return;
  const [found] = await ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)));
  if (!found) throw new AppError("ERR_VALIDATION", 400, { field: "transferQueueId", message: "transferQueueId: Invalid value" });
}

/** Only channels this server has an adapter for may be chosen (the schema lists every planned one). */
function assertChannel(channel: string | undefined) {
  if (channel !== undefined && !(CHANNEL_KINDS as readonly string[]).includes(channel)) {
    throw new AppError("ERR_VALIDATION", 400, { field: "channel", message: "channel: Invalid value" });
  }
}

/** More than one queue needs a greeting: it is what shows the customer the queue menu. */
function assertGreeting(queueIds: number[], greetingMessage: string | null | undefined) {
  if (new Set(queueIds).size > 1 && !greetingMessage?.trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED", 400);
}

export async function createWhatsapp(ctx: AppContext, caller: Caller, body: WhatsappBody) {
  assertChannel(body.channel);
  assertGreeting(body.queueIds ?? [], body.greetingMessage);
  await assertTransferQueue(ctx, caller.companyId, body.transferQueueId);
  const cloud = cloudColumn(ctx.config.dataDir, caller, body.channel ?? "sandbox", body.cloud, null);
  try {
    const { row, view } = await command(ctx, async (tx, events) => {
      await assertPlanAllowsOneMore(tx, caller.companyId, "connections");
      const existing = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, caller.companyId));
      const isDefault = existing.length === 0 || !!body.isDefault;
      if (isDefault) await tx.update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.companyId, caller.companyId));
      const [created] = await tx
        .insert(whatsapps)
        .values({ name: body.name, companyId: caller.companyId, channel: body.channel ?? "sandbox", isDefault, token: crypto.randomBytes(24).toString("base64url"), ...columns(body), ...(cloud ? { cloud } : {}) })
        .returning();
      await setQueues(tx, caller.companyId, created.id, body.queueIds ?? []);
      const shown = await presentWhatsapp(tx, created, { showToken: true });
      events.add(whatsappCreated(shown, actorOf(caller)));
      return { row: created, view: shown };
    });
    // a new connection starts its session right away, as the original does
    await ctx.channels
      .adapterFor(row)
      .connect()
      .catch(() => undefined);
    return view;
  } catch (err) {
    throw asFieldError(err);
  }
}

export async function updateWhatsapp(ctx: AppContext, caller: Caller, id: number, body: Partial<WhatsappBody>) {
  const current = await findWhatsapp(ctx.db, caller.companyId, id);
  assertChannel(body.channel);
  const queueIds =
    body.queueIds ??
    (
      await ctx.db
        .select({ id: whatsappQueues.queueId })
        .from(whatsappQueues)
        .where(and(eq(whatsappQueues.companyId, caller.companyId), eq(whatsappQueues.whatsappId, id)))
    ).map((q) => q.id);
  assertGreeting(queueIds, body.greetingMessage ?? current.greetingMessage);
  await assertTransferQueue(ctx, caller.companyId, body.transferQueueId);
  const cloud = cloudColumn(ctx.config.dataDir, caller, current.channel, body.cloud, current.cloud);
  try {
    const view = await command(ctx, async (tx, events) => {
      if (body.isDefault)
        await tx
          .update(whatsapps)
          .set({ isDefault: false })
          .where(and(eq(whatsapps.companyId, caller.companyId), ne(whatsapps.id, id)));
      const set = { ...columns(body), ...(cloud ? { cloud } : {}), ...(body.isDefault !== undefined ? { isDefault: body.isDefault } : {}), updatedAt: new Date() };
      const [updated] = await tx
        .update(whatsapps)
        .set(set)
        .where(and(eq(whatsapps.companyId, caller.companyId), eq(whatsapps.id, id)))
        .returning();
      if (!updated) throw new AppError("ERR_NO_WAPP_FOUND", 404); // deleted meanwhile
      const changed = changedFields(current, set);
      if (body.queueIds && (await setQueues(tx, caller.companyId, id, body.queueIds))) changed.push("queueIds");
      const view = await presentWhatsapp(tx, updated, { showToken: true });
      events.add(whatsappUpdated(view, changed, actorOf(caller)));
      return view;
    });
    // saved Cloud API settings read the business account's templates again
    if (cloud?.businessAccountId) await syncTemplates(ctx, { id, companyId: caller.companyId }).catch(() => undefined);
    return view;
  } catch (err) {
    throw asFieldError(err);
  }
}

export async function deleteWhatsapp(ctx: AppContext, caller: Caller, id: number) {
  const row = await findWhatsapp(ctx.db, caller.companyId, id);
  await ctx.channels.forget(id);
  await command(ctx, async (tx, events) => {
    const [deleted] = await tx
      .delete(whatsapps)
      .where(and(eq(whatsapps.companyId, caller.companyId), eq(whatsapps.id, id)))
      .returning({ id: whatsapps.id });
    if (!deleted) return; // deleted meanwhile: that deletion told everyone
    if (row.isDefault) {
      const [next] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.companyId, caller.companyId)).orderBy(asc(whatsapps.id)).limit(1);
      if (next) await tx.update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, next.id));
    }
    events.add(whatsappDeleted(row, actorOf(caller)));
  });
}

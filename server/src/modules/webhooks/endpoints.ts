import { and, desc, eq, inArray } from "drizzle-orm";
import type { CreateWebhookEndpointBody, CreatedWebhookEndpoint, UpdateWebhookEndpointBody, WebhookDeliveryStatus, WebhookEndpointView } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { AppError, notFound } from "../../http/errors";
import { refusedHost } from "../../http/publicAddress";
import { authorize } from "../../policies";
import { presentEndpoint } from "./present";
import { newWebhookSecret, sealedSecret } from "./secret";

const WHY = { private: "Private or reserved address not allowed", unresolvable: "Host not found" } as const;

/** Refuses a URL whose host resolves to loopback, private, link-local or unique-local addresses. */
async function assertReachableUrl(ctx: AppContext, url: string) {
  const refused = await refusedHost(new URL(url).hostname, ctx.config.webhooksAllowPrivateHosts);
  if (refused) throw new AppError("ERR_VALIDATION", 400, { field: "url", message: `url: ${WHY[refused]}` });
}

/** Each endpoint's newest delivery, for the list. */
async function lastDeliveries(db: Db, companyId: number, endpointIds: number[]) {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId], { endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, responseCode: webhookDeliveries.responseCode, createdAt: webhookDeliveries.createdAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), inArray(webhookDeliveries.endpointId, endpointIds)))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
  return new Map(rows.map((r) => [r.endpointId, { status: r.status as WebhookDeliveryStatus, responseCode: r.responseCode, createdAt: r.createdAt.toISOString() }]));
}

/** The caller's company's endpoint, or 404 (another company's is simply not found). */
export async function findEndpoint(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function listEndpoints(ctx: AppContext, caller: Caller): Promise<WebhookEndpointView[]> {
  authorize(caller, "webhooks:manage");
  const rows = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, caller.companyId)).orderBy(webhookEndpoints.id);
  const last = await lastDeliveries(
    ctx.db,
    caller.companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentEndpoint(r, last.get(r.id) ?? null));
}

/** A new endpoint; a blank secret is made by the server and answered this once. */
export async function createEndpoint(ctx: AppContext, caller: Caller, body: CreateWebhookEndpointBody): Promise<CreatedWebhookEndpoint> {
  authorize(caller, "webhooks:manage");
  await assertReachableUrl(ctx, body.url);
  const generated = body.secret ? undefined : newWebhookSecret();
  const row = await command(ctx, async (tx, events) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ companyId: caller.companyId, url: body.url, events: body.events, enabled: body.enabled, ...sealedSecret(ctx, body.secret || generated!) })
      .returning();
    events.add({ type: "webhook.created", companyId: caller.companyId, stream: `webhook:${created.id}`, actor: actorOf(caller), data: { id: created.id, events: body.events } });
    return created;
  });
  return { ...presentEndpoint(row, null), ...(generated ? { secret: generated } : {}) };
}

/** Changes the fields given; a blank or missing secret keeps the one stored. */
export async function updateEndpoint(ctx: AppContext, caller: Caller, id: number, body: UpdateWebhookEndpointBody): Promise<WebhookEndpointView> {
  authorize(caller, "webhooks:manage");
  await findEndpoint(ctx.db, caller.companyId, id);
  if (body.url !== undefined) await assertReachableUrl(ctx, body.url);
  const set = {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.events !== undefined ? { events: body.events } : {}),
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    ...(body.secret ? sealedSecret(ctx, body.secret) : {}),
  };
  const changed = Object.keys(set).filter((k) => k !== "secretLast4");
  const row = await command(ctx, async (tx, events) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.companyId, caller.companyId), eq(webhookEndpoints.id, id)))
      .returning();
    if (!updated) throw notFound();
    events.add({ type: "webhook.updated", companyId: caller.companyId, stream: `webhook:${id}`, actor: actorOf(caller), data: { id, changed } });
    return updated;
  });
  const last = await lastDeliveries(ctx.db, caller.companyId, [id]);
  return presentEndpoint(row, last.get(id) ?? null);
}

/** Deletes the endpoint and its deliveries (a delivery being sent finishes, unrecorded). */
export async function deleteEndpoint(ctx: AppContext, caller: Caller, id: number) {
  authorize(caller, "webhooks:manage");
  await command(ctx, async (tx, events) => {
    const [gone] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.companyId, caller.companyId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    if (!gone) throw notFound();
    events.add({ type: "webhook.deleted", companyId: caller.companyId, stream: `webhook:${id}`, actor: actorOf(caller), data: { id } });
  });
}

import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { idParam, sandboxAckBody, sandboxCallBody, sandboxEditBody, sandboxInboundBody, sandboxNumberQuery, sandboxReactionBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { sandboxMessages, whatsapps } from "../../db/schema";
import { bearerToken } from "../../http/auth";
import { resolveCaller } from "../auth/caller";
import { AppError } from "../../http/errors";
import { isAdmin } from "../../policies";
import { mimeOf } from "../../media/store";
import { presentSandboxMessage } from "../../channels/sandbox/adapter";
import { deliverInbound } from "./inbound";
import { sandboxResponses } from "./responses";
import { rowOf, rowsOf } from "../../channels/sqlRows";
import { storableText } from "../../channels/storableText";

const params = z.object({ whatsappId: idParam });

/**
 * The sandbox's HTTP interface, the customer's side of the stand-in: authorized with the
 * connection's own token or an admin token of the same company.
 */
export function sandboxRoutes(ctx: AppContext) {
  /**
   * Reads of one connection's row: every customer message passes here, so requests that come
   * while one is being read share it (a read under way is at most one statement's time older
   * than their own would be). Hand-written, without the query builder.
   */
  const reading = new Map<number, Promise<typeof whatsapps.$inferSelect | null>>();
  function connectionOf(whatsappId: number) {
    let read = reading.get(whatsappId);
    if (!read) {
      read = rowsOf<{ w: unknown }>(ctx.db, sql`select row_to_json(w) as w from whatsapps w where w.id = ${whatsappId}::int`, "balcao_sandbox_connection")
        .then(([found]) => (found ? rowOf(whatsapps, found.w) : null))
        .finally(() => reading.delete(whatsappId));
      reading.set(whatsappId, read);
    }
    return read;
  }

  async function authorizeSandbox(request: FastifyRequest, whatsappId: number) {
    const token = bearerToken(request);
    if (!token) throw new AppError("ERR_SESSION_EXPIRED", 401);
    const row = await connectionOf(whatsappId);
    if (row && row.channel === "sandbox" && safeEqual(token, row.token)) return row;
    const caller = await resolveCaller(ctx, token);
    if (!row || row.companyId !== caller.companyId || row.channel !== "sandbox") throw new AppError("ERR_NO_WAPP_FOUND", 404);
    if (!isAdmin(caller)) throw new AppError("ERR_NO_PERMISSION", 403);
    return row;
  }

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const open = { public: true } as const;
    // the phone's side: what a customer writes, delivered as any channel delivers it
    const phone = { public: true, channelInput: true } as const;

    r.post("/sandbox/:whatsappId/pair", { config: open, schema: { params, tags: ["sandbox"], response: sandboxResponses.paired } }, async (request) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      await ctx.channels.sandbox(row).pair();
      return { status: "CONNECTED" as const };
    });

    // The QR code's link: whoever holds the current pairing code may pair (like scanning it).
    r.post("/sandbox/pair/:whatsappId/:code", { config: open, schema: { params: params.extend({ code: z.string().min(8).max(64) }), tags: ["sandbox"], response: sandboxResponses.pairedByCode } }, async (request) => {
      const [row] = await ctx.db.select().from(whatsapps).where(eq(whatsapps.id, request.params.whatsappId));
      if (!row || row.channel !== "sandbox") throw new AppError("ERR_NO_WAPP_FOUND", 404);
      await ctx.channels.sandbox(row).pair(request.params.code);
      return { status: "CONNECTED" as const, name: row.name };
    });

    r.post("/sandbox/:whatsappId/inbound", { config: phone, bodyLimit: 40 * 1024 * 1024, schema: { params, body: sandboxInboundBody, tags: ["sandbox"], response: sandboxResponses.inbound } }, async (request, reply) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      const result = await deliverInbound(ctx, row, request.body);
      if ("stored" in result && result.stored === false) return reply.status(202).send(result);
      if (result.duplicate) return reply.status(200).send(result);
      return reply.status(201).send(result);
    });

    r.get("/sandbox/:whatsappId/outbound", { config: open, schema: { params, querystring: sandboxNumberQuery, tags: ["sandbox"], response: sandboxResponses.conversation } }, async (request) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      return conversation(row.id, request.query.number, "out");
    });

    r.get("/sandbox/:whatsappId/conversation", { config: open, schema: { params, querystring: sandboxNumberQuery, tags: ["sandbox"], response: sandboxResponses.conversation } }, async (request) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      return conversation(row.id, request.query.number);
    });

    r.post("/sandbox/:whatsappId/ack", { config: phone, schema: { params, body: sandboxAckBody, tags: ["sandbox"], response: sandboxResponses.ok } }, async (request) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      const [msg] = await ctx.db
        .update(sandboxMessages)
        .set({ ack: request.body.ack })
        .where(and(eq(sandboxMessages.whatsappId, row.id), eq(sandboxMessages.externalId, storableText(request.body.id)), eq(sandboxMessages.direction, "out")))
        .returning();
      if (!msg) throw new AppError("ERR_NOT_FOUND", 404);
      await ctx.channels.handle(row.id, row.companyId, { type: "ack", externalId: msg.externalId, ack: request.body.ack });
      return { ok: true as const };
    });

    // The customer edits a message they sent, or calls and nobody answers.
    r.post("/sandbox/:whatsappId/edit", { config: phone, schema: { params, body: sandboxEditBody, tags: ["sandbox"], response: sandboxResponses.ok } }, async (request) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      const [msg] = await ctx.db
        .update(sandboxMessages)
        .set({ body: storableText(request.body.body) })
        .where(and(eq(sandboxMessages.whatsappId, row.id), eq(sandboxMessages.externalId, storableText(request.body.id)), eq(sandboxMessages.direction, "in")))
        .returning();
      if (!msg) throw new AppError("ERR_NOT_FOUND", 404);
      await ctx.channels.handle(row.id, row.companyId, { type: "edit", externalId: msg.externalId, body: request.body.body });
      return { ok: true as const };
    });

    // The customer reacts to a message of the conversation (theirs or the company's); "" takes it back.
    r.post("/sandbox/:whatsappId/reaction", { config: phone, schema: { params, body: sandboxReactionBody, tags: ["sandbox"], response: sandboxResponses.ok } }, async (request) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      const [msg] = await ctx.db
        .select({ externalId: sandboxMessages.externalId, number: sandboxMessages.number })
        .from(sandboxMessages)
        .where(and(eq(sandboxMessages.whatsappId, row.id), eq(sandboxMessages.externalId, storableText(request.body.id))))
        .limit(1);
      if (!msg) throw new AppError("ERR_NOT_FOUND", 404);
      await ctx.channels.handle(row.id, row.companyId, { type: "reaction", externalId: msg.externalId, emoji: request.body.emoji, from: msg.number });
      return { ok: true as const };
    });

    r.post("/sandbox/:whatsappId/call", { config: phone, schema: { params, body: sandboxCallBody, tags: ["sandbox"], response: sandboxResponses.call } }, async (request, reply) => {
      const row = await authorizeSandbox(request, request.params.whatsappId);
      const externalId = `SBXCALL${crypto.randomBytes(8).toString("hex").toUpperCase()}`;
      await ctx.channels.handle(row.id, row.companyId, { type: "call", externalId, number: request.body.number, name: request.body.name });
      return reply.status(201).send({ id: externalId });
    });

    r.get(
      "/sandbox/:whatsappId/media/:externalId",
      { config: open, schema: { params: params.extend({ externalId: z.string().max(128) }), tags: ["sandbox"], response: sandboxResponses.media } },
      async (request, reply) => {
        const row = await authorizeSandbox(request, request.params.whatsappId);
        const [msg] = await ctx.db
          .select()
          .from(sandboxMessages)
          .where(and(eq(sandboxMessages.whatsappId, row.id), eq(sandboxMessages.externalId, request.params.externalId)));
        if (!msg?.mediaPath || msg.deleted) throw new AppError("ERR_NOT_FOUND", 404);
        const file = await ctx.media.open(row.companyId, msg.mediaPath);
        if (file.size !== undefined) reply.header("content-length", file.size);
        return reply
          .header("content-type", mimeOf(msg.mediaName ?? ""))
          .header("cache-control", "private, no-store")
          .send(file.stream);
      },
    );
  };

  async function conversation(whatsappId: number, number: string, direction?: "in" | "out") {
    const where = [eq(sandboxMessages.whatsappId, whatsappId), eq(sandboxMessages.number, number)];
    if (direction) where.push(eq(sandboxMessages.direction, direction));
    const rows = await ctx.db
      .select()
      .from(sandboxMessages)
      .where(and(...where))
      .orderBy(asc(sandboxMessages.createdAt), asc(sandboxMessages.id));
    return rows.map(presentSandboxMessage);
  }
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

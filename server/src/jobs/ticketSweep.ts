import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { tickets, whatsapps } from "../db/schema";
import { Reply } from "../automation/botContext";
import { readSettings } from "../automation/companySettings";
import { releaseStaged } from "../automation/outbox";
import { markFinished } from "../automation/tracking";
import { presentTicket } from "../modules/tickets/present";
import { emitTicketUpdate } from "../modules/tickets/realtime";
import { contacts, queues } from "../db/schema";

type TicketRow = typeof tickets.$inferSelect;
type Connection = typeof whatsapps.$inferSelect;
const MINUTE = 60_000;

/**
 * The timed rules of the connections, run every minute: a pending ticket nobody took within
 * timeToTransfer minutes moves to the transfer queue; an open ticket silent for expiresTicket
 * minutes closes with the inactivity message. Each ticket is claimed by a conditional update,
 * so a rule fires once for it however many processes sweep. `now` is injectable for tests.
 */
export async function runTicketSweep(ctx: AppContext, now = new Date()) {
  const connections = await ctx.db
    .select()
    .from(whatsapps)
    .where(or(and(gt(whatsapps.timeToTransfer, 0), isNotNull(whatsapps.transferQueueId)), gt(whatsapps.expiresTicket, 0)));
  let transferred = 0;
  let expired = 0;
  for (const connection of connections) {
    if (connection.timeToTransfer && connection.transferQueueId) transferred += await transferUnattended(ctx, connection, now);
    if (connection.expiresTicket > 0) expired += await expireInactive(ctx, connection, now);
  }
  return { transferred, expired };
}

async function transferUnattended(ctx: AppContext, connection: Connection, now: Date) {
  const target = connection.transferQueueId!;
  const cutoff = new Date(now.getTime() - connection.timeToTransfer! * MINUTE);
  const waiting = and(
    eq(tickets.companyId, connection.companyId),
    eq(tickets.whatsappId, connection.id),
    eq(tickets.status, "pending"),
    isNull(tickets.userId),
    or(isNull(tickets.queueId), ne(tickets.queueId, target)),
    lte(tickets.createdAt, cutoff),
  );
  const due = await ctx.db.select({ id: tickets.id }).from(tickets).where(waiting).limit(500);
  let count = 0;
  for (const { id } of due) {
    const result = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(tickets).where(and(eq(tickets.id, id), waiting)).for("update");
      if (!before) return null;
      const [after] = await tx.update(tickets).set({ queueId: target, queueOptionId: null, chatbot: false, updatedAt: now }).where(eq(tickets.id, id)).returning();
      const { sendMsgTransfTicket } = await readSettings(tx, connection.companyId, ["sendMsgTransfTicket"] as const);
      const reply = new Reply(tx, after, await contactName(tx, after));
      if (sendMsgTransfTicket === "enabled" && !after.isGroup) {
        const [queue] = await tx.select({ name: queues.name }).from(queues).where(eq(queues.id, target));
        await reply.say(`*Mensagem Automática*:\nVocê foi transferido para o departamento *${queue?.name ?? ""}*.\nAguarde, já vamos te atender!`);
      }
      return { before, after, staged: reply.staged };
    });
    if (!result) continue;
    count++;
    await announce(ctx, result.before, result.after);
    await releaseStaged(ctx, result.staged);
  }
  return count;
}

async function expireInactive(ctx: AppContext, connection: Connection, now: Date) {
  const cutoff = new Date(now.getTime() - connection.expiresTicket * MINUTE);
  const silent = and(eq(tickets.companyId, connection.companyId), eq(tickets.whatsappId, connection.id), inArray(tickets.status, ["open"]), lte(tickets.updatedAt, cutoff));
  const due = await ctx.db.select({ id: tickets.id }).from(tickets).where(silent).limit(500);
  let count = 0;
  for (const { id } of due) {
    const result = await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(tickets).where(and(eq(tickets.id, id), silent)).for("update");
      if (!before) return null;
      const [after] = await tx
        .update(tickets)
        .set({ status: "closed", unreadMessages: 0, useIntegration: false, promptId: null, integrationId: null, chatbot: false, updatedAt: sql`now()` })
        .where(eq(tickets.id, id))
        .returning();
      await markFinished(tx, after, after.userId, false);
      const reply = new Reply(tx, after, await contactName(tx, after));
      if (!after.isGroup) await reply.say(connection.expiresInactiveMessage);
      return { before, after, staged: reply.staged };
    });
    if (!result) continue;
    count++;
    await announce(ctx, result.before, result.after);
    await releaseStaged(ctx, result.staged);
  }
  return count;
}

async function contactName(tx: Parameters<Parameters<AppContext["db"]["transaction"]>[0]>[0], ticket: TicketRow) {
  const [c] = await tx.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId));
  return c?.name ?? "";
}

async function announce(ctx: AppContext, before: TicketRow, after: TicketRow) {
  const [fresh] = await ctx.db.select().from(tickets).where(eq(tickets.id, after.id));
  emitTicketUpdate(ctx.realtime, await presentTicket(ctx.db, fresh ?? after), before);
}

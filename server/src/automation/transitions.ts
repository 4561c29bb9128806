import { and, eq } from "drizzle-orm";
import { queues, tickets, users, whatsapps } from "../db/schema";
import { contactNameOf, Reply } from "./botContext";
import { readSettings } from "./companySettings";
import { DEFAULT_RATING_QUESTION, joinParts, RATING_CHOICES, transferNotice } from "./menus";
import type { Tx } from "./outbox";
import { markFinished, markStarted, startCycle } from "./tracking";
import { serviceWindowsOf } from "../modules/tickets/serviceWindow";
import { prepareTemplate } from "../modules/messages/templates";
import { storeOutbound } from "../modules/messages/send";
import { AppError } from "../http/errors";

type TicketRow = typeof tickets.$inferSelect;
/** The time the service window is read at, and where a message not sent is noted. */
export interface ChangeOptions {
  now?: Date;
  note?: (data: Record<string, unknown>, message: string) => void;
}

interface Before {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/**
 * What follows an attendant's change of a ticket, inside the transaction that changes it: its
 * life record (started, finished, a new cycle on reopen), and the closing or rating message on
 * resolve or the transfer notice, staged as pending. The caller hands the staged messages to
 * `releaseStaged` after commit; after a crash, `redeliverPending` sends them.
 */
export async function stageTicketChange(tx: Tx, before: Before, after: TicketRow, options: ChangeOptions = {}) {
  if (before.status === "pending" && after.status === "open") await markStarted(tx, after, after.userId);
  if (before.status === "closed" && after.status === "open") await startCycle(tx, after, { userId: after.userId, started: true });
  if (before.status !== "closed" && after.status === "closed") return onResolve(tx, after, options);
  if (after.status !== "closed" && after.queueId !== null && after.queueId !== before.queueId) return onTransfer(tx, after, before);
  return [];
}

async function connectionOf(tx: Tx, ticket: TicketRow) {
  if (!ticket.whatsappId) return null;
  const [w] = await tx
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ticket.companyId), eq(whatsapps.id, ticket.whatsappId)));
  return w ?? null;
}

/** Whether the ticket is on a Cloud API connection whose 24-hour service window is closed at `now`. */
async function windowClosed(tx: Tx, ticket: TicketRow, connection: { channel: string }, now: Date) {
  if (connection.channel !== "cloud") return false;
  const endsAt = (await serviceWindowsOf(tx, ticket.companyId, [ticket.id])).get(ticket.id);
  return !endsAt || Date.parse(endsAt) <= now.getTime();
}

async function onResolve(tx: Tx, ticket: TicketRow, options: ChangeOptions) {
  const connection = await connectionOf(tx, ticket);
  // outside the window Meta delivers templates only: the closing or rating message is not sent
  const closed = !!connection && !ticket.isGroup && (await windowClosed(tx, ticket, connection, options.now ?? new Date()));
  const { userRating, closingTemplate } = await readSettings(tx, ticket.companyId, ["userRating", "closingTemplate"] as const);
  const askRating = userRating === "enabled" && !ticket.isGroup && !!connection && !!ticket.userId && !closed;
  await markFinished(tx, ticket, ticket.userId, askRating);
  if (!connection || ticket.isGroup) return [];
  if (closed) {
    const sent = closingTemplate.trim() ? await stageClosingTemplate(tx, ticket, closingTemplate, options) : null;
    if (sent) return [sent];
    if (connection.complationMessage.trim() || userRating === "enabled") options.note?.({ ticketId: ticket.id, reason: "ERR_SERVICE_WINDOW_CLOSED" }, "closing message not sent: the 24-hour service window is closed");
    return [];
  }
  const reply = new Reply(tx, ticket, await contactNameOf(tx, ticket));
  // with ratings on, the closing message waits for the customer's answer
  if (askRating) await reply.say(joinParts(connection.ratingMessage || DEFAULT_RATING_QUESTION, RATING_CHOICES));
  else await reply.say(connection.complationMessage);
  return reply.staged;
}

/**
 * Stages the company's closing template ("name|language", approved, without variables) on a
 * Cloud ticket whose window is closed; null when the connection has no such template.
 */
async function stageClosingTemplate(tx: Tx, ticket: TicketRow, setting: string, options: ChangeOptions) {
  const [name, language] = setting.split("|").map((p) => p.trim());
  if (!name || !language) return null;
  try {
    const prepared = await prepareTemplate(tx, ticket.companyId, ticket.whatsappId!, { name, language, variables: [], headerVariables: [], buttonVariables: [] });
    return (await storeOutbound(tx, ticket, { body: prepared.text, userId: null, dataJson: { template: prepared.message } })).row;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    options.note?.({ ticketId: ticket.id, template: name, language, reason: err.code }, "closing template not sent: the connection has no such approved template without variables");
    return null;
  }
}

async function onTransfer(tx: Tx, ticket: TicketRow, before: Before) {
  if (ticket.isGroup || !ticket.whatsappId) return [];
  const { sendMsgTransfTicket } = await readSettings(tx, ticket.companyId, ["sendMsgTransfTicket"] as const);
  if (sendMsgTransfTicket !== "enabled") return [];
  const [queue] = await tx.select({ name: queues.name }).from(queues).where(eq(queues.id, ticket.queueId!));
  const user = ticket.userId && ticket.userId !== before.userId ? (await tx.select({ name: users.name }).from(users).where(eq(users.id, ticket.userId)))[0] : undefined;
  const reply = new Reply(tx, ticket, await contactNameOf(tx, ticket));
  await reply.say(transferNotice(queue?.name ?? "", user?.name));
  return reply.staged;
}

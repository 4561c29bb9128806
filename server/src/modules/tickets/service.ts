import { serviceWindowNow } from "./serviceWindow";
import { and, eq, inArray } from "drizzle-orm";
import type { UpdateTicketBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { contacts, queues, settings, tickets, users, whatsapps } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { authorize, seesEveryQueue } from "../../policies";
import { canAccessTicket } from "../../policies/tickets";
import { queueIdsOf } from "../users/queueIds";
import { findTicket, presentTicket, type TicketView } from "./present";
import { ticketDeleted, ticketUpdated } from "./events";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { sendOutbound } from "../messages/send";
import { uniqueViolation } from "../../db/errors";
import { stageTicketChange } from "../../automation/transitions";
import { sendStaged, stagedEvents } from "../../automation/outbox";
import { startCycle } from "../../automation/tracking";

type TicketRow = typeof tickets.$inferSelect;

export async function loadAccessibleTicket(ctx: AppContext, caller: Caller, ticketId: number) {
  const ticket = await findTicket(ctx.db, caller.companyId, ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  if (!canAccessTicket(caller, await queueIdsOf(ctx.db, caller.companyId, caller.id), ticket)) throw forbidden();
  return ticket;
}

export async function findByUuid(ctx: AppContext, caller: Caller, uuid: string) {
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.uuid, uuid)));
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  if (!canAccessTicket(caller, await queueIdsOf(ctx.db, caller.companyId, caller.id), ticket)) throw forbidden();
  return ticket;
}

async function assertOfCompany(ctx: AppContext, companyId: number, ids: { queueId?: number | null; userId?: number | null; whatsappId?: number | null }) {
  const checks: [number | null | undefined, () => Promise<unknown[]>, string][] = [
    [
      ids.queueId,
      () =>
        ctx.db
          .select({ id: queues.id })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), eq(queues.id, ids.queueId!))),
      "queueId",
    ],
    [
      ids.userId,
      () =>
        ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, companyId), eq(users.id, ids.userId!))),
      "userId",
    ],
    [
      ids.whatsappId,
      () =>
        ctx.db
          .select({ id: whatsapps.id })
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, ids.whatsappId!))),
      "whatsappId",
    ],
  ];
  for (const [value, query, field] of checks) {
    if (value && (await query()).length === 0) throw new AppError("ERR_VALIDATION", 400, { field, message: `${field}: Invalid value` });
  }
}

/** The contact's other open or pending ticket on the connection, in the shape the client's dialog reads. */
async function otherOpenTicketError(ctx: AppContext, companyId: number, contactId: number, whatsappId: number | null) {
  const [other] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), inArray(tickets.status, ["open", "pending"]), whatsappId ? eq(tickets.whatsappId, whatsappId) : undefined));
  if (!other) return null;
  const view = await presentTicket(ctx.db, other);
  const summary = { id: view.id, uuid: view.uuid, status: view.status, userId: view.userId, user: view.user, queue: view.queue };
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, { error: JSON.stringify(summary), code: "ERR_OTHER_OPEN_TICKET" });
}

export async function createTicket(ctx: AppContext, caller: Caller, body: { contactId: number; queueId?: number | null; whatsappId?: number | null }) {
  const [contact] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, body.contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  if (!body.queueId && !seesEveryQueue(caller)) throw new AppError("ERR_VALIDATION", 400, { field: "queueId", message: "queueId: Required" });
  await assertOfCompany(ctx, caller.companyId, { queueId: body.queueId, whatsappId: body.whatsappId });
  if (body.queueId && !seesEveryQueue(caller) && !(await queueIdsOf(ctx.db, caller.companyId, caller.id)).includes(body.queueId)) throw forbidden();
  let whatsappId = body.whatsappId ?? null;
  if (!whatsappId) {
    const [def] = await ctx.db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, caller.companyId), eq(whatsapps.isDefault, true)));
    if (!def) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 404);
    whatsappId = def.id;
  }
  const conflict = await otherOpenTicketError(ctx, caller.companyId, contact.id, whatsappId);
  if (conflict) throw conflict;
  try {
    return await command(ctx, async (tx, events) => {
      const [row] = await tx
        .insert(tickets)
        .values({ companyId: caller.companyId, contactId: contact.id, whatsappId, queueId: body.queueId ?? null, userId: caller.id, status: "open", isGroup: contact.isGroup })
        .returning();
      await startCycle(tx, row, { userId: caller.id, started: true });
      const view = await presentTicket(tx, row);
      events.add(ticketUpdated(view, { actor: actorOf(caller) }));
      return view;
    });
  } catch (err) {
    if (uniqueViolation(err)) throw (await otherOpenTicketError(ctx, caller.companyId, contact.id, whatsappId)) ?? err;
    throw err;
  }
}

/** Every transition of spec section 4: accept, return, resolve, reopen and transfer. */
export async function updateTicket(ctx: AppContext, caller: Caller, ticketId: number, body: UpdateTicketBody): Promise<TicketView> {
  const before = await loadAccessibleTicket(ctx, caller, ticketId);
  await assertOfCompany(ctx, caller.companyId, body);
  const next: Partial<typeof tickets.$inferInsert> = { updatedAt: new Date() };
  for (const key of ["status", "userId", "queueId", "whatsappId", "useIntegration", "promptId", "integrationId"] as const) {
    if (body[key] !== undefined) (next as Record<string, unknown>)[key] = body[key];
  }
  if (next.status === "pending" && body.userId === undefined) next.userId = null;
  if (next.status === "open" && body.userId === undefined && !before.userId) next.userId = caller.id;
  if (next.status === "closed") Object.assign(next, { useIntegration: false, promptId: null, integrationId: null, unreadMessages: 0 });

  let changed: { row: TicketRow; staged: Awaited<ReturnType<typeof stageTicketChange>>; view: TicketView } | null;
  try {
    // the change, what it sends (closing or rating message, transfer notice) and its events commit together
    changed = await command(ctx, async (tx, events) => {
      // only if nobody changed the ticket's status meanwhile: two attendants accepting at once, one wins
      const [row] = await tx
        .update(tickets)
        .set(next)
        .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.id, ticketId), eq(tickets.status, before.status)))
        .returning();
      if (!row) return null;
      const staged = await stageTicketChange(tx, before, row, { now: serviceWindowNow(ctx), note: (data, message) => ctx.log?.info(data, message) });
      const view = await presentTicket(tx, row);
      events.add(ticketUpdated(view, { before, actor: actorOf(caller) }), ...stagedEvents(view, staged));
      return { row, staged, view };
    });
  } catch (err) {
    // reopening or moving onto a connection where the contact already has an active ticket
    if (uniqueViolation(err)) throw (await otherOpenTicketError(ctx, caller.companyId, before.contactId, next.whatsappId ?? before.whatsappId)) ?? err;
    throw err;
  }
  if (!changed) {
    const still = await findTicket(ctx.db, caller.companyId, ticketId);
    throw still ? new AppError("ERR_TICKET_CHANGED", 409) : new AppError("ERR_NO_TICKET_FOUND", 404);
  }
  const { row, view } = changed;
  await sendStaged(ctx, changed.staged, view);
  if (before.status === "pending" && row.status === "open" && !row.isGroup) await greetOnAccept(ctx, caller.companyId, caller.id, view);
  return view;
}

/** The greeting an accepted ticket's customer gets (setting sendGreetingAccepted), from the attendant who took it. */
export async function greetOnAccept(ctx: AppContext, companyId: number, userId: number, ticket: TicketView) {
  const [setting] = await ctx.db
    .select()
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, "sendGreetingAccepted")));
  if (setting?.value !== "enabled") return;
  const [me] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  const firstName = ticket.contact.name.split(" ")[0];
  const body = `*Mensagem Automática*:\nOlá ${firstName}, meu nome é ${me?.name ?? ""} e agora vou prosseguir com seu atendimento!`;
  await sendOutbound(ctx, ticket, { body, userId }).catch(() => undefined);
}

export async function deleteTicket(ctx: AppContext, caller: Caller, ticketId: number) {
  authorize(caller, "ticket-options:deleteTicket");
  const ticket = await findTicket(ctx.db, caller.companyId, ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  await command(ctx, async (tx, events) => {
    await tx.delete(tickets).where(and(eq(tickets.companyId, caller.companyId), eq(tickets.id, ticketId)));
    events.add(ticketDeleted(caller.companyId, ticketId, ticket, actorOf(caller)));
  });
}

import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { containsPattern } from "../../db/like";
import { PAGE_SIZE, can, type CreateUserBody, type ListQuery, type UpdateUserBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { companies, queues, tickets, userQueues, userSessions, users, whatsapps } from "../../db/schema";
import { presentTickets } from "../tickets/present";
import { ticketUpdated } from "../tickets/events";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { userCreated, userDeleted, userUpdated } from "./events";
import { AppError, forbidden } from "../../http/errors";
import { authorize } from "../../policies";
import { hashPassword } from "../auth/passwords";
import { assertEmailFree } from "../companies/service";
import { assertPlanAllowsOneMore } from "../plans/limits";
import { findUserForList, presentUser, queuesByUser } from "./present";
import { uniqueViolation } from "../../db/errors";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function listUsers(db: Db, caller: Caller, query: ListQuery) {
  const limit = PAGE_SIZE.users;
  const offset = (query.pageNumber - 1) * limit;
  const filters: SQL[] = [eq(users.companyId, caller.companyId)];
  if (query.searchParam) {
    const like = containsPattern(query.searchParam);
    filters.push(or(ilike(users.name, like), ilike(users.email, like))!);
  }
  const where = and(...filters);
  const [rows, [{ total }], [company]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
    db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, caller.companyId)),
  ]);
  const queueMap = await queuesByUser(
    db,
    caller.companyId,
    rows.map((u) => u.id),
  );
  return {
    users: rows.map((u) => presentUser(u, queueMap.get(u.id) ?? [], company)),
    count: total,
    hasMore: total > offset + rows.length,
  };
}

/** Id and name of every user of the company, for selects. */
export async function listUserNames(db: Db, caller: Caller) {
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.companyId, caller.companyId)).orderBy(asc(users.id));
  const queueMap = await queuesByUser(
    db,
    caller.companyId,
    rows.map((u) => u.id),
  );
  return rows.map((u) => ({ ...u, queues: queueMap.get(u.id) ?? [] }));
}

export async function showUser(db: Db, caller: Caller, userId: number) {
  if (!can(caller.profile, "users:manage") && caller.id !== userId) throw forbidden();
  const user = await findUserForList(db, caller.companyId, userId);
  if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  return user;
}

async function assertQueuesOfCompany(tx: Tx, companyId: number, queueIds: number[]) {
  if (queueIds.length === 0) return;
  const found = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
  if (found.length !== new Set(queueIds).size) throw new AppError("ERR_VALIDATION", 400, { field: "queueIds", message: "queueIds: Invalid value" });
}

async function assertWhatsappOfCompany(tx: Tx, companyId: number, whatsappId: number | null | undefined) {
  if (!whatsappId) return;
  const [found] = await tx
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
  if (!found) throw new AppError("ERR_NO_WAPP_FOUND", 404);
}

async function setQueues(tx: Tx, companyId: number, userId: number, queueIds: number[]) {
  await tx.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
  const unique = [...new Set(queueIds)];
  if (unique.length) await tx.insert(userQueues).values(unique.map((queueId) => ({ companyId, userId, queueId })));
}

/** Two requests racing for one email: the unique index decides, and the loser gets the usual error. */
async function guardEmail<T>(db: Db, companyId: number, email: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!email || !uniqueViolation(err)?.constraint.includes("email")) throw err;
    await assertEmailFree(db, email, { companyId });
    throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 400); // its holder is gone already
  }
}

/** Admins create users in their company; only a super user may name another company. */
export async function createUser(ctx: AppContext, caller: Caller, body: CreateUserBody) {
  authorize(caller, "users:manage");
  const requested = body.companyId ?? caller.companyId;
  if (requested !== caller.companyId && !caller.super) throw forbidden();
  const companyId = requested;
  const passwordHash = await hashPassword(body.password);
  return guardEmail(ctx.db, companyId, body.email, () =>
    command(ctx, async (tx, events) => {
      await assertPlanAllowsOneMore(tx, companyId, "users");
      await assertEmailFree(tx, body.email, { companyId });
      await assertQueuesOfCompany(tx, companyId, body.queueIds ?? []);
      await assertWhatsappOfCompany(tx, companyId, body.whatsappId);
      const [created] = await tx
        .insert(users)
        .values({ companyId, name: body.name, email: body.email, passwordHash, profile: body.profile, allTicket: body.allTicket, whatsappId: body.whatsappId ?? null, capacity: body.capacity })
        .returning({ id: users.id });
      await setQueues(tx, companyId, created.id, body.queueIds ?? []);
      const user = (await findUserForList(tx, companyId, created.id))!;
      events.add(userCreated(user, actorOf(caller)));
      return user;
    }),
  );
}

const sameIds = (a: number[], b: number[]) => new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

/**
 * Admins edit anyone of their company; others (supervisors too) edit only their own name, email and
 * password: their profile, queues and connection stay as an admin set them.
 */
export async function updateUser(ctx: AppContext, caller: Caller, userId: number, body: UpdateUserBody) {
  const admin = can(caller.profile, "users:manage");
  if (!admin && caller.id !== userId) throw forbidden();
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return guardEmail(ctx.db, caller.companyId, body.email, () =>
    command(ctx, async (tx, events) => {
      // concurrent edits of one user (its queues are deleted and inserted again) wait for each other
      const [existing] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.companyId, caller.companyId)))
        .for("update");
      if (!existing) throw new AppError("ERR_NO_USER_FOUND", 404);
      // the platform's super user answers only to itself
      if (existing.super && !caller.super) throw forbidden();
      if (body.email && body.email !== existing.email) await assertEmailFree(tx, body.email, { companyId: caller.companyId, exceptUserId: userId });
      const changes: Partial<typeof users.$inferInsert> = { name: body.name, email: body.email };
      const changed: string[] = [];
      if (admin) {
        await assertWhatsappOfCompany(tx, caller.companyId, body.whatsappId);
        Object.assign(changes, { profile: body.profile, allTicket: body.allTicket, whatsappId: body.whatsappId, capacity: body.capacity });
        if (body.queueIds) {
          await assertQueuesOfCompany(tx, caller.companyId, body.queueIds);
          const before = await tx
            .select({ id: userQueues.queueId })
            .from(userQueues)
            .where(and(eq(userQueues.companyId, caller.companyId), eq(userQueues.userId, userId)));
          await setQueues(tx, caller.companyId, userId, body.queueIds);
          if (
            !sameIds(
              before.map((q) => q.id),
              body.queueIds,
            )
          )
            changed.push("queueIds");
        }
      }
      changed.unshift(...changedFields(existing, changes));
      const defined = Object.fromEntries(Object.entries({ ...changes, passwordHash }).filter(([, v]) => v !== undefined));
      await tx
        .update(users)
        .set({ ...defined, updatedAt: new Date() })
        .where(eq(users.id, userId));
      const closedSessions: string[] = [];
      if (passwordHash) {
        changed.push("password");
        // A new password closes the user's other signed-in browsers.
        const keep = caller.id === userId ? caller.sessionId : null;
        const sessions = await tx.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, userId));
        const close = sessions.map((s) => s.id).filter((id) => id !== keep);
        if (close.length) await tx.update(userSessions).set({ revokedAt: new Date() }).where(inArray(userSessions.id, close));
        closedSessions.push(...close);
      }
      const user = (await findUserForList(tx, caller.companyId, userId))!;
      events.add(userUpdated(user, changed, closedSessions, actorOf(caller)));
      return user;
    }),
  );
}

/**
 * Admins delete other users of their company. The user's open and pending tickets go back to
 * pending without an attendant; closed ones keep their history without him (foreign key).
 */
export async function deleteUser(ctx: AppContext, caller: Caller, userId: number) {
  authorize(caller, "users:manage");
  const actor = actorOf(caller);
  await command(ctx, async (tx, events) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, caller.companyId)))
      .for("update");
    if (!existing) throw new AppError("ERR_NO_USER_FOUND", 404);
    if (existing.id === caller.id || (existing.super && !caller.super)) throw forbidden();
    const active = await tx
      .select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId })
      .from(tickets)
      .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.userId, userId), inArray(tickets.status, ["open", "pending"])))
      .for("update");
    const ids = active.map((t) => t.id);
    const returned = ids.length ? await tx.update(tickets).set({ status: "pending", userId: null }).where(inArray(tickets.id, ids)).returning() : [];
    const sessions = await tx.select({ id: userSessions.id }).from(userSessions).where(eq(userSessions.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    events.add(
      userDeleted(
        existing,
        sessions.map((s) => s.id),
        actor,
      ),
    );
    const before = new Map(active.map((b) => [b.id, b]));
    for (const view of await presentTickets(tx, caller.companyId, returned)) {
      const was = before.get(view.id);
      events.add(ticketUpdated(view, { before: was ? { status: was.status, queueId: was.queueId, userId } : undefined, actor }));
    }
  });
}

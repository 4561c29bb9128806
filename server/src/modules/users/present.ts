import { and, asc, eq, inArray } from "drizzle-orm";
import type { SessionUser, UserListItem, UserQueueRef } from "@balcao/common";
import type { Db } from "../../db/client";
import { companies, queues, settings, userQueues, users } from "../../db/schema";
import { presentSetting } from "../settings/present";

type UserRow = typeof users.$inferSelect;

/** Queues of several users in one query, keyed by user id. */
export async function queuesByUser(db: Db, companyId: number, userIds: number[]): Promise<Map<number, UserQueueRef[]>> {
  const map = new Map<number, UserQueueRef[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const { userId, ...q } of rows) map.set(userId, [...(map.get(userId) ?? []), { ...q, UserQueue: { userId, queueId: q.id } }]);
  return map;
}

export function presentUser(u: UserRow, queueList: UserQueueRef[], company: { id: number; name: string }): UserListItem {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    profile: u.profile,
    companyId: u.companyId,
    online: u.online,
    paused: u.paused,
    capacity: u.capacity,
    allTicket: u.allTicket,
    whatsappId: u.whatsappId,
    createdAt: u.createdAt.toISOString(),
    queues: queueList,
    company,
  };
}

/** The `user` of the auth responses: profile, queues, company with due date and settings. */
export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [row] = await db.select({ user: users, company: companies }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, userId));
  if (!row) return null;
  const { user, company } = row;
  const [queueMap, settingRows] = await Promise.all([queuesByUser(db, user.companyId, [user.id]), db.select().from(settings).where(eq(settings.companyId, company.id)).orderBy(asc(settings.key))]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile as SessionUser["profile"],
    super: user.super,
    allTicket: user.allTicket as SessionUser["allTicket"],
    online: user.online,
    paused: user.paused,
    capacity: user.capacity,
    companyId: user.companyId,
    whatsappId: user.whatsappId,
    queues: queueMap.get(user.id) ?? [],
    company: {
      id: company.id,
      name: company.name,
      email: company.email,
      phone: company.phone,
      status: company.status,
      dueDate: company.dueDate,
      recurrence: company.recurrence,
      planId: company.planId,
      createdAt: company.createdAt.toISOString(),
      updatedAt: company.updatedAt.toISOString(),
      settings: settingRows.map((s) => presentSetting(s, user.super)),
    },
  };
}

/** One user of the caller's company in the list shape, or null. */
export async function findUserForList(db: Db, companyId: number, userId: number): Promise<UserListItem | null> {
  const [row] = await db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!row) return null;
  const queueMap = await queuesByUser(db, companyId, [userId]);
  return presentUser(row.user, queueMap.get(userId) ?? [], { id: companyId, name: row.companyName });
}

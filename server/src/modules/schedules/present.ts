import { and, eq } from "drizzle-orm";
import type { ScheduleStatus, ScheduleView } from "@balcao/common";
import type { Db } from "../../db/client";
import { contacts, schedules, users } from "../../db/schema";

type ScheduleRow = typeof schedules.$inferSelect;
interface JoinedRow {
  schedule: ScheduleRow;
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
}

/** Schedules with their contact's and user's id and name (both of the schedule's company). */
export function selectSchedules(db: Db) {
  return db
    .select({ schedule: schedules, contact: { id: contacts.id, name: contacts.name }, user: { id: users.id, name: users.name } })
    .from(schedules)
    .leftJoin(contacts, and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)))
    .leftJoin(users, and(eq(users.id, schedules.userId), eq(users.companyId, schedules.companyId)));
}

/** A schedule as the API returns it and schedule events carry it. */
export function presentSchedule({ schedule: s, contact, user }: JoinedRow): ScheduleView {
  return {
    id: s.id,
    body: s.body,
    sendAt: s.sendAt.toISOString(),
    sentAt: s.sentAt?.toISOString() ?? null,
    status: s.status as ScheduleStatus,
    contactId: s.contactId,
    ticketId: s.ticketId,
    userId: s.userId,
    companyId: s.companyId,
    mediaPath: s.mediaPath,
    mediaName: s.mediaName,
    template: s.template ?? null,
    failure: s.failure,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    contact: contact?.id ? contact : null,
    user: user?.id ? user : null,
  };
}

/** One schedule of the company, presented; null when there is none (another company's is none). */
export async function findScheduleView(db: Db, companyId: number, id: number): Promise<ScheduleView | null> {
  const [row] = await selectSchedules(db).where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)));
  return row ? presentSchedule(row) : null;
}

import { and, count, desc, eq, ilike, isNull, ne, or, type SQL } from "drizzle-orm";
import { canChangeSchedule, isScheduleSent, SCHEDULES_PAGE_SIZE, type ScheduleBody, type SchedulesQuery, type ScheduleView } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/like";
import { contacts, schedules, tickets, users } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { isAdmin } from "../../policies";
import { wakeSchedulesAt } from "../../jobs/scheduleWakeups";
import { command } from "../../events/command";
import type { EventLog } from "../../events/record";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { findScheduleView, presentSchedule, selectSchedules } from "./present";
import { scheduleDeleted, scheduleSaved } from "./events";
import { checkScheduleTemplate } from "./send";

type ScheduleRow = typeof schedules.$inferSelect;

const notFound = () => new AppError("ERR_NOT_FOUND", 404);
const invalid = (field: string) => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: Invalid value` });

/** The company's schedules, newest first, 20 a page; search in the message and the contact's name. */
export async function listSchedules(db: Db, caller: Caller, query: SchedulesQuery) {
  const limit = SCHEDULES_PAGE_SIZE;
  const offset = (query.pageNumber - 1) * limit;
  const filters: SQL[] = [eq(schedules.companyId, caller.companyId)];
  if (query.contactId) filters.push(eq(schedules.contactId, query.contactId));
  if (query.userId) filters.push(eq(schedules.userId, query.userId));
  if (query.searchParam) {
    const like = containsPattern(query.searchParam);
    filters.push(or(ilike(schedules.body, like), ilike(contacts.name, like))!);
  }
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    selectSchedules(db).where(where).orderBy(desc(schedules.createdAt), desc(schedules.id)).limit(limit).offset(offset),
    db
      .select({ total: count() })
      .from(schedules)
      .leftJoin(contacts, and(eq(contacts.id, schedules.contactId), eq(contacts.companyId, schedules.companyId)))
      .where(where),
  ]);
  return { schedules: rows.map(presentSchedule), count: total, hasMore: total > offset + rows.length };
}

export async function showSchedule(db: Db, caller: Caller, id: number): Promise<ScheduleView> {
  const view = await findScheduleView(db, caller.companyId, id);
  if (!view) throw notFound();
  return view;
}

/** A schedule of the caller's company that the caller may change (admins: any; others: their own). */
export async function loadChangeableSchedule(db: Db, caller: Caller, id: number): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(schedules)
    .where(and(eq(schedules.companyId, caller.companyId), eq(schedules.id, id)));
  if (!row) throw notFound();
  if (!canChangeSchedule(caller, row)) throw forbidden();
  return row;
}

/** Contact, ticket and user of the body, all of the caller's company; the author is the caller unless an admin names another. */
async function resolveReferences(db: Db, caller: Caller, body: ScheduleBody, currentUserId: number | null) {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, body.contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  if (body.ticketId) {
    const [ticket] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.id, body.ticketId), eq(tickets.contactId, body.contactId)));
    if (!ticket) throw invalid("ticketId");
  }
  let userId = currentUserId ?? caller.id;
  if (isAdmin(caller) && body.userId && body.userId !== userId) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, caller.companyId), eq(users.id, body.userId)));
    if (!user) throw invalid("userId");
    userId = user.id;
  }
  return { userId, ticketId: body.ticketId ?? null };
}

/** The schedule as lists show it, recorded with the change in its transaction. */
async function recordSaved(tx: Db, events: EventLog, caller: Caller, id: number, type: "schedule.created" | "schedule.updated", changed?: string[]) {
  const schedule = await findScheduleView(tx, caller.companyId, id);
  if (!schedule) throw notFound(); // deleted meanwhile
  events.add(scheduleSaved(type, schedule, actorOf(caller), changed));
  return schedule;
}

export async function createSchedule(ctx: AppContext, caller: Caller, body: ScheduleBody) {
  const refs = await resolveReferences(ctx.db, caller, body, null);
  const template = body.template ?? null;
  await checkScheduleTemplate(ctx, caller.companyId, body.contactId, template);
  const schedule = await command(ctx, async (tx, events) => {
    const [row] = await tx
      .insert(schedules)
      .values({ companyId: caller.companyId, body: body.body, sendAt: body.sendAt, contactId: body.contactId, ...refs, template, status: "PENDENTE" })
      .returning();
    return recordSaved(tx, events, caller, row.id, "schedule.created");
  });
  await wakeSchedulesAt(ctx, new Date(schedule.sendAt));
  return schedule;
}

/**
 * Changes a schedule that has not gone out; one that failed (ERRO) is pending again, so it is
 * retried at its (new) time. The condition on sentAt is checked in the update itself, so a
 * schedule the job is sending right now is refused too.
 */
export async function updateSchedule(ctx: AppContext, caller: Caller, id: number, body: ScheduleBody) {
  const current = await loadChangeableSchedule(ctx.db, caller, id);
  if (isScheduleSent(current)) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 400);
  const refs = await resolveReferences(ctx.db, caller, body, current.userId);
  const template = body.template === undefined ? current.template : body.template;
  await checkScheduleTemplate(ctx, caller.companyId, body.contactId, template);
  const changes = { body: body.body, sendAt: body.sendAt, contactId: body.contactId, ...refs, template, failure: null, status: "PENDENTE" as const };
  const schedule = await command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(schedules)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(schedules.companyId, caller.companyId), eq(schedules.id, id), isNull(schedules.sentAt), ne(schedules.status, "ENVIADA")))
      .returning();
    if (!row) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 400);
    return recordSaved(tx, events, caller, id, "schedule.updated", changedFields(current, changes));
  });
  await wakeSchedulesAt(ctx, new Date(schedule.sendAt));
  return schedule;
}

/** Deletes a schedule (sent or not) with its attachment. */
export async function deleteSchedule(ctx: AppContext, caller: Caller, id: number) {
  await loadChangeableSchedule(ctx.db, caller, id);
  const deleted = await command(ctx, async (tx, events) => {
    const [row] = await tx
      .delete(schedules)
      .where(and(eq(schedules.companyId, caller.companyId), eq(schedules.id, id)))
      .returning();
    if (!row) throw notFound();
    events.add(scheduleDeleted(row, actorOf(caller)));
    return row;
  });
  if (deleted.mediaPath) await ctx.media.remove(caller.companyId, deleted.mediaPath).catch(() => undefined);
}

/** The image's columns of a schedule not sent yet, changed in one command. */
function saveMedia(ctx: AppContext, caller: Caller, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(schedules)
      .set({ ...media, updatedAt: new Date() })
      .where(and(eq(schedules.companyId, caller.companyId), eq(schedules.id, id), isNull(schedules.sentAt), ne(schedules.status, "ENVIADA")))
      .returning();
    if (!row) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 400);
    return recordSaved(tx, events, caller, id, "schedule.updated", ["mediaPath", "mediaName"]);
  });
}

/** Attaches (or replaces) the schedule's image. */
export async function attachMedia(ctx: AppContext, caller: Caller, id: number, file: { data: Buffer; filename: string }) {
  const current = await loadChangeableSchedule(ctx.db, caller, id);
  if (isScheduleSent(current)) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 400);
  const stored = await ctx.media.save(caller.companyId, file.data, file.filename);
  const schedule = await saveMedia(ctx, caller, id, { mediaPath: stored.key, mediaName: stored.filename }).catch(async (err) => {
    await ctx.media.remove(caller.companyId, stored.key).catch(() => undefined);
    throw err;
  });
  if (current.mediaPath) await ctx.media.remove(caller.companyId, current.mediaPath).catch(() => undefined);
  return schedule;
}

/** Removes the schedule's image. */
export async function detachMedia(ctx: AppContext, caller: Caller, id: number) {
  const current = await loadChangeableSchedule(ctx.db, caller, id);
  if (isScheduleSent(current)) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 400);
  const schedule = await saveMedia(ctx, caller, id, { mediaPath: null, mediaName: null });
  if (current.mediaPath) await ctx.media.remove(caller.companyId, current.mediaPath).catch(() => undefined);
  return schedule;
}

import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { companies, queues } from "../../db/schema";
import { readSettings } from "../../automation/companySettings";
import { companyTimeZone } from "../../automation/timeZone";
import type { BusinessHours } from "./businessClock";

/** What a cycle of a queue (or of no queue) is timed against: hours, time zone and targets in business minutes. */
interface SlaPolicy {
  hours: BusinessHours;
  timeZone: string;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

const minutesOf = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * The queue's own targets, else the company's defaults; the hours the company's scheduleType
 * names: its own, the queue's, or every minute ('disabled').
 */
export async function slaPolicyOf(db: Db | Tx, companyId: number, queueId: number | null): Promise<SlaPolicy> {
  const [settings, timeZone, queue] = await Promise.all([
    readSettings(db, companyId, ["scheduleType", "slaFirstResponseMinutes", "slaResolutionMinutes"]),
    companyTimeZone(db, companyId),
    queueId
      ? db
          .select({ schedules: queues.schedules, first: queues.slaFirstResponseMinutes, resolution: queues.slaResolutionMinutes })
          .from(queues)
          .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  let hours: BusinessHours = null;
  if (settings.scheduleType === "queue") hours = queue?.schedules ?? null;
  if (settings.scheduleType === "company") {
    const [company] = await db.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, companyId));
    hours = company?.schedules ?? null;
  }
  return {
    hours,
    timeZone,
    firstResponseMinutes: queue?.first ?? minutesOf(settings.slaFirstResponseMinutes),
    resolutionMinutes: queue?.resolution ?? minutesOf(settings.slaResolutionMinutes),
  };
}

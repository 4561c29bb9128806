import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { queueBody, type AssignmentMode, type QueueBody, type ScheduleEntry } from "@balcao/common";
import { fullWeek } from "../../components/schedules/weekSchedules";
import type { QueueRecord } from "./queuesApi";

/** The dialog's values as the inputs hold them: numbers and ids as text, "" for none. */
export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: string;
  promptId: string;
  integrationId: string;
  slaFirstResponseMinutes: string;
  slaResolutionMinutes: string;
  assignmentMode: AssignmentMode;
  schedules: ScheduleEntry[];
}

export const emptyQueueForm = (): QueueFormValues => ({
  name: "",
  color: "",
  greetingMessage: "",
  outOfHoursMessage: "",
  orderQueue: "",
  promptId: "",
  integrationId: "",
  slaFirstResponseMinutes: "",
  slaResolutionMinutes: "",
  assignmentMode: "manual",
  schedules: fullWeek([]),
});

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

export function toQueueFormValues(record: QueueRecord): QueueFormValues {
  return {
    name: record.name,
    color: record.color,
    greetingMessage: record.greetingMessage ?? "",
    outOfHoursMessage: record.outOfHoursMessage ?? "",
    orderQueue: text(record.orderQueue),
    promptId: text(record.promptId),
    integrationId: text(record.integrationId),
    slaFirstResponseMinutes: text(record.slaFirstResponseMinutes),
    slaResolutionMinutes: text(record.slaResolutionMinutes),
    assignmentMode: record.assignmentMode ?? "manual",
    schedules: fullWeek(record.schedules),
  };
}

/** Validation by the API's own schema (common queueBody), so the form and the server agree. */
export const queueResolver = zodResolver(queueBody) as unknown as Resolver<QueueFormValues, unknown, QueueBody>;

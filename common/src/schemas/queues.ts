import { z } from "zod";
import { boundedString, idParams, optionalId } from "./common";
import { V } from "./messages";
import { schedulesField } from "./schedules";
import { slaMinutesField } from "./sla";

/** GET /queue: the client may send its companyId; the server uses the caller's company whatever it says. */
export const queuesQuery = z.object({ companyId: z.unknown().optional() });

export const queueIdParams = idParams;

/**
 * Who takes a queue's waiting tickets: an attendant who accepts one (`manual`), the online
 * attendant given one longest ago (`roundRobin`), or the one with fewest open tickets (`leastBusy`).
 */
export const ASSIGNMENT_MODES = ["manual", "roundRobin", "leastBusy"] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];
const assignmentModeField = z.enum(ASSIGNMENT_MODES, { error: V.invalidValue });

/** The queue dialog's 'Dados da Fila' fields (administration spec, section 5). */
export const queueFields = z.object({
  name: boundedString(2, 50),
  color: z.string({ error: V.required }).trim().min(1, V.required).min(3, V.tooShort).max(9, V.tooLong),
  greetingMessage: z
    .string()
    .max(4000, V.tooLong)
    .nullish()
    .transform((v) => v ?? ""),
  outOfHoursMessage: z
    .string()
    .max(4000, V.tooLong)
    .nullish()
    .transform((v) => v ?? ""),
  // "" first: coercion would read an empty text as 0
  orderQueue: z
    .union([z.literal(""), z.null(), z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).min(0, V.invalidValue).max(10_000, V.invalidValue)], { error: V.invalidValue })
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
});

/**
 * POST /queue and PUT /queue/:id: the data fields plus the queue's hours, prompt and integration.
 * Schedules left out: a new queue gets the default week, an edited one keeps its own.
 */
export const queueBody = queueFields.extend({
  schedules: schedulesField.optional(),
  promptId: optionalId,
  integrationId: optionalId,
  /** SLA targets in business minutes; empty: the company's default; left out: unchanged. */
  slaFirstResponseMinutes: slaMinutesField.optional(),
  slaResolutionMinutes: slaMinutesField.optional(),
  /** Left out: a new queue is manual, an edited one keeps its mode. */
  assignmentMode: assignmentModeField.optional(),
});
export type QueueBody = z.infer<typeof queueBody>;
export type QueueFormInput = z.input<typeof queueBody>;

import { z } from "zod";
import { ASSIGNMENT_MODES } from "@balcao/common";
import { id, messageAnswer, object, timestamp } from "../../http/responses/shapes";

/** A queue as selects, filters and the queue list show it (presentQueue). */
export const queueView = object({
  id,
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().int().nullable(),
});

/** A whole queue, as its dialog loads and saves it (presentQueueRecord). */
export const queueRecord = queueView
  .extend({
    schedules: z.array(object({ weekday: z.string(), weekdayEn: z.string(), startTime: z.string(), endTime: z.string() })),
    promptId: id.nullable(),
    integrationId: id.nullable(),
    slaFirstResponseMinutes: z.number().int().nullable().meta({ description: "First-response target in business minutes; null: the company's default." }),
    slaResolutionMinutes: z.number().int().nullable().meta({ description: "Resolution target in business minutes; null: the company's default." }),
    assignmentMode: z.enum(ASSIGNMENT_MODES).meta({ description: "Who takes the queue's waiting tickets: manual, roundRobin or leastBusy." }),
    companyId: id,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ description: "A queue with its opening hours." });

export const queueResponses = {
  list: { 200: z.array(queueView).meta({ description: "The company's queues, in their order." }) },
  one: { 200: queueRecord },
  created: { 201: queueRecord },
  deleted: { 200: messageAnswer },
};

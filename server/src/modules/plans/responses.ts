import { z } from "zod";
import { PLAN_FLAGS, type PlanFlag } from "@balcao/common";
import { id, messageAnswer, object, page } from "../../http/responses/shapes";

const flags = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, z.boolean()])) as Record<PlanFlag, z.ZodBoolean>;

/** A plan: its limits, monthly value and the features it turns on. */
export const planAnswer = object({
  id,
  name: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  value: z.number(),
  ...flags,
  createdAt: z.iso.datetime({ offset: true }).optional(),
  updatedAt: z.iso.datetime({ offset: true }).optional(),
}).meta({ description: "A plan: limits of users, connections and queues, monthly value, features." });

export const planList = z.array(planAnswer).meta({ description: "Every plan, by name." });
export const plansPage = page("plans", planAnswer).meta({ description: "A page of plans." });
export const planDeleted = messageAnswer;

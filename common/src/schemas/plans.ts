import { z } from "zod";
import { PLAN_FLAGS, type PlanFlag } from "../constants";
import type { Plan } from "../types";
import { boundedString, listQuery } from "./common";
import { V } from "./messages";

/** Rows per page of GET /plans. */
export const PLANS_PAGE_SIZE = 20;

export const plansQuery = listQuery;

/** A non-negative whole number (the form's text fields arrive as strings). */
const limitField = z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).min(0, V.invalidValue).max(100_000, V.invalidValue).default(0);

/** A flag that the spec's client may send as a boolean or as "true"/"false"/"enabled"/"disabled". */
export const flagField = z.union([z.boolean(), z.enum(["true", "false", "enabled", "disabled"])], { error: V.invalidValue }).transform((v) => v === true || v === "true" || v === "enabled");

const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, flagField.default(true)])) as Record<PlanFlag, z.ZodDefault<typeof flagField>>;

/** POST /plans and PUT /plans/:id (section 9: defaults 0 users, connections, queues, value 0, every feature on). */
export const planBody = z.object({
  name: boundedString(1, 50),
  users: limitField,
  connections: limitField,
  queues: limitField,
  value: z.coerce.number({ error: V.invalidValue }).min(0, V.invalidValue).max(9_999_999_999, V.invalidValue).default(0),
  ...flags,
});
export type PlanBody = z.infer<typeof planBody>;
export type PlanFormInput = z.input<typeof planBody>;

export interface PlansPage {
  plans: Plan[];
  count: number;
  hasMore: boolean;
}

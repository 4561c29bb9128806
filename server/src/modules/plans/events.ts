import type { Plan } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

/** A platform fact (no company): the plan's id and name for the audit log, the view for the realtime listener. */
export function planChanged(type: "plan.created" | "plan.updated" | "plan.deleted", plan: Plan, actor: Actor): NewEvent {
  return { type, companyId: null, stream: `plan:${plan.id}`, actor, data: { planId: plan.id, name: plan.name }, transient: { plan } };
}

import type { Caller } from "../context";
import type { Db } from "../db/client";
import { authorize } from "./index";
import { requirePlanFlag } from "./plan";

/** Queue integrations are for the company's admins, and only while its plan has useIntegrations. */
export async function requireQueueIntegrations(db: Db, caller: Caller) {
  authorize(caller, "queue-integrations:manage");
  await requirePlanFlag(db, caller.companyId, "useIntegrations");
}

import type { Caller } from "../context";
import type { Db } from "../db/client";
import { authorize } from "./index";
import { requirePlanFlag } from "./plan";

/** AI prompts are for the company's admins, and only while its plan has useOpenAi. */
export async function requirePrompts(db: Db, caller: Caller) {
  authorize(caller, "prompts:manage");
  await requirePlanFlag(db, caller.companyId, "useOpenAi");
}

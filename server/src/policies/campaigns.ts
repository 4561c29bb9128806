import { and, eq } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "@balcao/common";
import type { Caller } from "../context";
import type { Db } from "../db/client";
import { settings } from "../db/schema";
import { forbidden } from "../http/errors";
import { authorize } from "./index";
import { planAllows } from "./plan";

/**
 * Whether the company has campaigns: its `campaignsEnabled` setting (the spec's cshow flag) or its
 * plan's useCampaigns, as the menu decides.
 */
export async function campaignsOn(db: Db, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, "campaignsEnabled")));
  if ((row?.value ?? DEFAULT_SETTINGS.campaignsEnabled) === "true") return true;
  return planAllows(db, companyId, "useCampaigns");
}

/** Campaign areas are for the company's admins, and only while the company has campaigns. */
export async function requireCampaigns(db: Db, caller: Caller) {
  authorize(caller, "campaigns:manage");
  if (!(await campaignsOn(db, caller.companyId))) throw forbidden();
}

import type { CampaignRecord } from "@balcao/common";
import type { Listener } from "../../events/types";
import { campaignCounts, findCampaignRecord } from "../../modules/campaigns/service";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["campaign.created", "campaign.updated", "campaign.deleted", "campaign.progressed"]);

/**
 * Campaigns to `company-{id}-campaign`, the company's room only: create/update with the record,
 * delete with the id, and "progress" with the counts each time a contact is sent to, refused,
 * confirmed or opted out (the report follows the sending live).
 */
export const campaignsRealtime: Listener = {
  name: "realtime.campaigns",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "campaignId");
    if (!subject) return;
    const { companyId, id } = subject;
    const deleted = { action: "delete", id };
    if (event.type === "campaign.deleted") return ctx.realtime.toCompany(companyId, "campaign", deleted);
    if (event.type === "campaign.progressed") return ctx.realtime.toCompany(companyId, "campaign", { action: "progress", campaignId: id, counts: await campaignCounts(ctx.db, companyId, id) });
    const record = await viewOf<CampaignRecord>(event, "record", () => findCampaignRecord(ctx.db, companyId, id));
    if (!record) return ctx.realtime.toCompany(companyId, "campaign", deleted);
    ctx.realtime.toCompany(companyId, "campaign", { action: event.type === "campaign.created" ? "create" : "update", record });
  },
};

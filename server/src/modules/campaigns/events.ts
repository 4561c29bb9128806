import type { CampaignRecord } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

const campaignStream = (id: number) => `campaign:${id}`;

/** Data keeps ids and the status, never the messages' texts. */
const factsOf = (record: CampaignRecord) => ({ campaignId: record.id, status: record.status });

export function campaignCreated(record: CampaignRecord, actor: Actor): NewEvent {
  return { type: "campaign.created", companyId: record.companyId, stream: campaignStream(record.id), actor, data: factsOf(record), transient: { record } };
}

/** `actor` undefined: the sender changed it (started, finished), nobody did. */
export function campaignUpdated(record: CampaignRecord, changed: string[], actor?: Actor): NewEvent {
  return { type: "campaign.updated", companyId: record.companyId, stream: campaignStream(record.id), actor, data: { ...factsOf(record), changed }, transient: { record } };
}

export function campaignDeleted(row: { id: number; companyId: number }, actor: Actor): NewEvent {
  return { type: "campaign.deleted", companyId: row.companyId, stream: campaignStream(row.id), actor, data: { campaignId: row.id } };
}

/** A contact of the campaign was sent to, refused, confirmed or opted out: its report's counts changed. */
export function campaignProgressed(companyId: number, campaignId: number): NewEvent {
  return { type: "campaign.progressed", companyId, stream: campaignStream(campaignId), data: { campaignId } };
}

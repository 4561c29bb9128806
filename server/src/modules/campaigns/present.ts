import type { CampaignRecord, CampaignStatus } from "@balcao/common";
import type { campaigns } from "../../db/schema";

export type CampaignRow = typeof campaigns.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A campaign as its list, its dialog and the campaign events show it. */
export function presentCampaign(row: CampaignRow, whatsapp: { id: number; name: string } | null, contactList: { id: number; name: string } | null) {
  return {
    id: row.id,
    name: row.name,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmationMessage1,
    confirmationMessage2: row.confirmationMessage2,
    confirmationMessage3: row.confirmationMessage3,
    confirmationMessage4: row.confirmationMessage4,
    confirmationMessage5: row.confirmationMessage5,
    status: row.status as CampaignStatus,
    confirmation: row.confirmation,
    scheduledAt: iso(row.scheduledAt),
    completedAt: iso(row.completedAt),
    whatsappId: row.whatsappId,
    contactListId: row.contactListId,
    tagListId: row.tagListId,
    fileListId: row.fileListId,
    companyId: row.companyId,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    template: row.template ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    whatsapp,
    contactList,
  } satisfies CampaignRecord;
}

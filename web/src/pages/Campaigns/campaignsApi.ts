import { campaignSettingsOf, type CampaignDetail, type CampaignRecord, type CampaignSettingItem, type CampaignSettings, type TemplateSendBody } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

/** The list's cache key before its search; one campaign (dialog and report). */
export const CAMPAIGNS_PAGE_KEY = ["campaigns", "page"] as const;
export const campaignKey = (id: number) => ["campaigns", "record", id] as const;

export async function fetchCampaignsPage(searchParam: string, pageNumber: number): Promise<ListPage<CampaignRecord>> {
  const { data } = await api.get<{ records: CampaignRecord[]; count: number; hasMore: boolean }>("/campaigns/", { params: { searchParam, pageNumber } });
  return { items: data.records, count: data.count, hasMore: data.hasMore };
}

export async function fetchCampaign(id: number): Promise<CampaignDetail> {
  const { data } = await api.get<CampaignDetail>(`/campaigns/${id}`);
  return data;
}

/** The dialog's body: empty strings already null, scheduledAt as "yyyy-MM-dd HH:mm:ss". */
export type CampaignPayload = Record<string, string | number | boolean | null | TemplateSendBody>;

export async function saveCampaign(id: number | null, body: CampaignPayload): Promise<CampaignRecord> {
  const { data } = id === null ? await api.post<CampaignRecord>("/campaigns", body) : await api.put<CampaignRecord>(`/campaigns/${id}`, body);
  return data;
}

export async function deleteCampaign(id: number): Promise<void> {
  await api.delete(`/campaigns/${id}`);
}

export async function cancelCampaign(id: number): Promise<void> {
  await api.post(`/campaigns/${id}/cancel`);
}

export async function restartCampaign(id: number): Promise<void> {
  await api.post(`/campaigns/${id}/restart`);
}

export async function uploadCampaignMedia(id: number, file: File): Promise<CampaignRecord> {
  const form = new FormData();
  form.append("file", file);
  const { data } = await api.post<{ record: CampaignRecord }>(`/campaigns/${id}/media-upload`, form);
  return data.record;
}

export async function deleteCampaignMedia(id: number): Promise<CampaignRecord> {
  const { data } = await api.delete<{ record: CampaignRecord }>(`/campaigns/${id}/media-upload`);
  return data.record;
}

export interface NamedOption {
  id: number;
  name: string;
}

/** A list as its select shows it; its size goes into the WhatsApp Web warning. */
export interface ContactListOption extends NamedOption {
  contactsCount: number;
}

export async function fetchContactListOptions(): Promise<ContactListOption[]> {
  const { data } = await api.get<ContactListOption[]>("/contact-lists/list");
  return data;
}

export async function fetchTagOptions(): Promise<NamedOption[]> {
  const { data } = await api.get<NamedOption[]>("/tags/list");
  return data;
}

/** With only companyId, GET /files answers every file list of the company. */
export async function fetchFileListOptions(companyId: number): Promise<NamedOption[]> {
  const { data } = await api.get<{ files: NamedOption[] }>("/files/", { params: { companyId } });
  return data.files;
}

export interface ConnectionOption extends NamedOption {
  channel?: string;
}

export async function fetchConnectionOptions(companyId: number): Promise<ConnectionOption[]> {
  const { data } = await api.get<ConnectionOption[]>("/whatsapp", { params: { companyId, session: 0 } });
  return data;
}

/** The company's pace (GET /campaign-settings), for the WhatsApp Web warning; the settings page reads the same key. */
export const CAMPAIGN_PACE_KEY = ["campaign-settings"] as const;

export async function fetchCampaignPace(): Promise<CampaignSettings> {
  const { data } = await api.get<CampaignSettingItem[]>("/campaign-settings");
  return campaignSettingsOf(data);
}

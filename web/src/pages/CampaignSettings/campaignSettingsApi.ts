import { campaignSettingsOf, type CampaignSettingItem, type CampaignSettings } from "@balcao/common";
import { api } from "../../api/client";

export const CAMPAIGN_SETTINGS_KEY = ["campaign-settings"] as const;

/** The company's campaign settings, each key not saved yet at its default. */
export async function fetchCampaignSettings(): Promise<CampaignSettings> {
  const { data } = await api.get<CampaignSettingItem[]>("/campaign-settings");
  return campaignSettingsOf(data);
}

export async function saveCampaignSettings(settings: CampaignSettings): Promise<CampaignSettings> {
  const { data } = await api.post<CampaignSettingItem[]>("/campaign-settings", { settings });
  return campaignSettingsOf(data);
}

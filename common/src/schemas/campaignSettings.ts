import { z } from "zod";
import { V } from "./messages";

/** Seconds between two campaign messages (administration spec 9). */
export const MESSAGE_INTERVAL_CHOICES = [0, 5, 10, 15, 20] as const;
/** How many messages go out before the longer pause, and that pause in seconds (spec 9). */
export const LONGER_INTERVAL_CHOICES = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

export interface CampaignVariable {
  key: string;
  value: string;
}

/** The company's campaign settings: the pacing and the variables campaigns write as {key}. */
export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
}

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] };

export const CAMPAIGN_SETTING_KEYS = Object.keys(DEFAULT_CAMPAIGN_SETTINGS) as (keyof CampaignSettings)[];

/** A setting as GET /campaign-settings lists it: the value as a JSON string, as the spec's client parses it. */
export interface CampaignSettingItem {
  id: number;
  key: string;
  value: string;
  companyId: number;
}

const choice = (choices: readonly number[]) =>
  z.coerce.number({ error: V.invalidValue }).refine((n) => choices.includes(n), { message: V.invalidValue });

/** A variable's key: what a message writes between braces, so letters, digits and underscores. */
export const campaignVariableKey = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(50, V.tooLong)
  .regex(/^[\p{L}\p{N}_]+$/u, V.invalidValue);

export const campaignVariable = z.object({
  key: campaignVariableKey,
  value: z.string({ error: V.required }).trim().min(1, V.required).max(1000, V.tooLong),
});

/** POST /campaign-settings: `{ settings }`; a key may appear once among the variables. */
export const campaignSettingsBody = z.object({
  settings: z.object({
    messageInterval: choice(MESSAGE_INTERVAL_CHOICES).default(DEFAULT_CAMPAIGN_SETTINGS.messageInterval),
    longerIntervalAfter: choice(LONGER_INTERVAL_CHOICES).default(DEFAULT_CAMPAIGN_SETTINGS.longerIntervalAfter),
    greaterInterval: choice(LONGER_INTERVAL_CHOICES).default(DEFAULT_CAMPAIGN_SETTINGS.greaterInterval),
    variables: z
      .array(campaignVariable, { error: V.invalidValue })
      .max(100, V.tooLong)
      .default([])
      .refine((list) => new Set(list.map((v) => v.key)).size === list.length, { message: V.invalidValue }),
  }),
});
export type CampaignSettingsBody = z.infer<typeof campaignSettingsBody>;

/** The settings a list of stored items makes, each missing or unreadable key at its default. */
export function campaignSettingsOf(items: { key: string; value: string }[]): CampaignSettings {
  const fields = campaignSettingsBody.shape.settings.shape;
  const out: CampaignSettings = { ...DEFAULT_CAMPAIGN_SETTINGS, variables: [] };
  for (const { key, value } of items) {
    if (!(key in fields)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    const checked = fields[key as keyof CampaignSettings].safeParse(parsed);
    if (checked.success) (out as unknown as Record<string, unknown>)[key] = checked.data;
  }
  return out;
}

import { z } from "zod";
import { V } from "./messages";
import { CAMPAIGN_OPT_OUT_WORDS } from "./campaigns";

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
  /** Answers that take a number out of every campaign of the company, compared whole and in capitals. */
  optOutWords: string[];
}

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  optOutWords: [...CAMPAIGN_OPT_OUT_WORDS],
};

/**
 * The least pause between two campaign messages each channel allows, in ms, whatever the settings
 * say: the Cloud API's 80 messages a second per number, and on WhatsApp Web a pace that does not
 * look like a burst (numbers that send in bursts get banned). The built-in sandbox has no limit.
 */
export const CAMPAIGN_CHANNEL_MIN_PAUSE_MS: Record<string, number> = { cloud: 13, baileys: 5_000, sandbox: 0 };

/** The pause between two messages of a campaign over `channel`: the setting's, or the channel's floor when that is longer. */
export const channelPauseSeconds = (settingSeconds: number, channel: string | undefined) => Math.max(settingSeconds, (CAMPAIGN_CHANNEL_MIN_PAUSE_MS[channel ?? ""] ?? 0) / 1000);

export const CAMPAIGN_SETTING_KEYS = Object.keys(DEFAULT_CAMPAIGN_SETTINGS) as (keyof CampaignSettings)[];

/** A setting as GET /campaign-settings lists it: the value as a JSON string, as the spec's client parses it. */
export interface CampaignSettingItem {
  id: number;
  key: string;
  value: string;
  companyId: number;
}

const choice = (choices: readonly number[]) => z.coerce.number({ error: V.invalidValue }).refine((n) => choices.includes(n), { message: V.invalidValue });

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

/** An opt-out answer: kept in capitals, as answers are compared. */
export const optOutWord = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(30, V.tooLong)
  .transform((w) => w.replace(/\s+/g, " ").toUpperCase());

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
    optOutWords: z
      .array(optOutWord, { error: V.invalidValue })
      .min(1, V.required)
      .max(20, V.tooLong)
      .transform((list) => [...new Set(list)])
      // a client that does not know the words leaves the stored ones as they are
      .optional(),
  }),
});
export type CampaignSettingsBody = z.infer<typeof campaignSettingsBody>;

/** The settings a list of stored items makes, each missing or unreadable key at its default. */
export function campaignSettingsOf(items: { key: string; value: string }[]): CampaignSettings {
  const fields = campaignSettingsBody.shape.settings.shape;
  const out: CampaignSettings = { ...DEFAULT_CAMPAIGN_SETTINGS, variables: [], optOutWords: [...DEFAULT_CAMPAIGN_SETTINGS.optOutWords] };
  for (const { key, value } of items) {
    if (!(key in fields)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    const checked = fields[key as keyof CampaignSettings].safeParse(parsed);
    if (checked.success && checked.data !== undefined) (out as unknown as Record<string, unknown>)[key] = checked.data;
  }
  return out;
}

import { z } from "zod";
import { V } from "./messages";
import { slaMinutesSetting } from "./sla";

const enabledDisabled = ["enabled", "disabled"] as const;

/** Company settings of the Options tab: each key with the values it accepts. */
export const SETTING_OPTIONS = {
  userRating: enabledDisabled,
  scheduleType: ["disabled", "queue", "company"],
  CheckMsgIsGroup: enabledDisabled,
  call: enabledDisabled,
  chatBotType: ["text"],
  sendGreetingAccepted: enabledDisabled,
  sendMsgTransfTicket: enabledDisabled,
  sendGreetingMessageOneQueues: enabledDisabled,
} as const satisfies Record<string, readonly string[]>;
export type OptionSettingKey = keyof typeof SETTING_OPTIONS;

/** Free-text settings; `asaas` holds the payment provider's token and is for super users only. */
export const FREE_TEXT_SETTINGS = ["asaas", "closingTemplate", "timeZone", "slaFirstResponseMinutes", "slaResolutionMinutes"] as const;
export const SUPER_ONLY_SETTINGS: readonly string[] = ["asaas"];
/** Settings kept for compatibility with the original client. */
export const FLAG_SETTINGS = { campaignsEnabled: ["true", "false"] } as const;

export const DEFAULT_SETTINGS: Record<string, string> = {
  userRating: "disabled",
  scheduleType: "disabled",
  CheckMsgIsGroup: "enabled",
  call: "disabled",
  chatBotType: "text",
  sendGreetingAccepted: "disabled",
  sendMsgTransfTicket: "disabled",
  sendGreetingMessageOneQueues: "disabled",
  campaignsEnabled: "true",
  asaas: "",
  /** "name|language" of an approved Cloud template without variables, sent as the closing message outside the 24-hour window; empty: none. */
  closingTemplate: "",
  /** IANA time zone of the company's business hours, dashboard and reports; empty: the server's. */
  timeZone: "",
  /** The company's SLA targets in business minutes, for queues without their own; empty: no target. */
  slaFirstResponseMinutes: "",
  slaResolutionMinutes: "",
};

export const SETTING_KEYS = Object.keys(DEFAULT_SETTINGS);

export const settingKeyParams = z.object({ key: z.string().min(1).max(100) });

/** Validates `value` against the key's allowed values. */
export function settingValueSchema(key: string) {
  if (key in SETTING_OPTIONS) return z.enum(SETTING_OPTIONS[key as OptionSettingKey] as unknown as [string, ...string[]], { error: V.invalidValue });
  if (key in FLAG_SETTINGS) return z.enum(["true", "false"], { error: V.invalidValue });
  if (key === "closingTemplate")
    return z
      .string()
      .trim()
      .max(600, V.tooLong)
      .regex(/^$|^[^|]+\|[^|]+$/, V.invalidValue);
  if (key === "timeZone")
    return z
      .string()
      .trim()
      .refine((name) => name === "" || isTimeZoneName(name), V.invalidValue);
  if (key === "slaFirstResponseMinutes" || key === "slaResolutionMinutes") return slaMinutesSetting;
  return z.string({ error: V.required }).max(2000, V.tooLong);
}

/** Whether `name` is an IANA time zone this runtime knows ("America/Sao_Paulo", "UTC"). */
export function isTimeZoneName(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const updateSettingBody = z.object({
  key: z.string().optional(),
  value: z.union([z.string(), z.number(), z.boolean()], { error: V.required }).transform(String),
});

import type { CampaignSettings } from "@balcao/common";
import type { campaigns } from "../../db/schema";

type CampaignRow = typeof campaigns.$inferSelect;

const MESSAGES = [1, 2, 3, 4, 5] as const;

/** The contact's own fields, in the words the admin may write them. */
function contactVariables(contact: { name: string; number: string; email: string }): Record<string, string> {
  return { nome: contact.name, name: contact.name, numero: contact.number, number: contact.number, email: contact.email };
}

/** Each {key} of the settings' variables and of the contact's fields replaced; other braces left as written. */
export function fillCampaignVariables(text: string, settings: CampaignSettings, contact: { name: string; number: string; email: string }): string {
  const values: Record<string, string> = {};
  for (const v of settings.variables) values[v.key] = v.value;
  Object.assign(values, contactVariables(contact));
  return text.replace(/\{([^{}\s]+)\}/g, (whole, key: string) => values[key] ?? values[key.toLowerCase()] ?? whole);
}

/**
 * One of the filled messages at random (`random` in [0, 1)), with its confirmation question when
 * the campaign asks one (that of the same tab, or another filled one).
 */
export function chooseMessage(campaign: CampaignRow, random: number): { message: string; confirmationMessage: string } {
  const filled = MESSAGES.filter((n) => campaign[`message${n}`].trim() !== "");
  if (filled.length === 0) return { message: "", confirmationMessage: "" };
  const n = filled[Math.min(filled.length - 1, Math.floor(random * filled.length))];
  if (!campaign.confirmation) return { message: campaign[`message${n}`], confirmationMessage: "" };
  const own = campaign[`confirmationMessage${n}`].trim();
  const any = MESSAGES.map((m) => campaign[`confirmationMessage${m}`].trim()).find((c) => c !== "") ?? "";
  return { message: campaign[`message${n}`], confirmationMessage: own || any };
}

/**
 * The pause after the `sent`-th message (1-based): the longer one after every `longerIntervalAfter`,
 * plus up to a second of jitter, and never less than the channel's floor (`minimumMs`).
 */
export function pauseAfter(sent: number, settings: CampaignSettings, random: number, minimumMs = 0): number {
  const longer = settings.longerIntervalAfter > 0 && sent % settings.longerIntervalAfter === 0;
  const seconds = longer ? settings.greaterInterval : settings.messageInterval;
  const ms = seconds * 1000 + (seconds > 0 ? Math.floor(random * 1000) : 0);
  return ms >= minimumMs ? ms : minimumMs + Math.floor(random * Math.min(1000, minimumMs));
}

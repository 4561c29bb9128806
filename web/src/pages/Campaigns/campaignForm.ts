import { format, isValid, parse } from "date-fns";
import { campaignBody, type CampaignRecord, type CampaignSettings } from "@balcao/common";
import { WIRE_LOCAL_DATE_TIME } from "../../components/dates/wireDates";
import type { CampaignPayload } from "./campaignsApi";
import { templateOfChoice } from "../../components/templateChoiceValues";

export const MESSAGE_NUMBERS = [1, 2, 3, 4, 5] as const;
/** The select's "no tag" value, as the original client sends it. */
export const NO_TAG = "Nenhuma";

/** The dialog's values: selects and texts as strings, "" for not chosen. */
export interface CampaignFormValues {
  name: string;
  confirmation: "true" | "false";
  contactListId: string;
  tagListId: string;
  whatsappId: string;
  scheduledAt: string;
  fileListId: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  /** The Cloud API template as "name|language", "" for none. */
  templateKey: string;
  templateVariables: string[];
}

const idText = (id: number | null) => (id === null ? "" : String(id));

/** §9: a new campaign has confirmation off, no tag ('Nenhuma') and empty messages. */
export function campaignFormValues(record: CampaignRecord | null): CampaignFormValues {
  const scheduled = record?.scheduledAt ? new Date(record.scheduledAt) : null;
  return {
    name: record?.name ?? "",
    confirmation: record?.confirmation ? "true" : "false",
    contactListId: idText(record?.contactListId ?? null),
    tagListId: record?.tagListId ? String(record.tagListId) : NO_TAG,
    whatsappId: idText(record?.whatsappId ?? null),
    scheduledAt: scheduled ? format(scheduled, WIRE_LOCAL_DATE_TIME) : "",
    fileListId: idText(record?.fileListId ?? null),
    message1: record?.message1 ?? "",
    message2: record?.message2 ?? "",
    message3: record?.message3 ?? "",
    message4: record?.message4 ?? "",
    message5: record?.message5 ?? "",
    confirmationMessage1: record?.confirmationMessage1 ?? "",
    confirmationMessage2: record?.confirmationMessage2 ?? "",
    confirmationMessage3: record?.confirmationMessage3 ?? "",
    confirmationMessage4: record?.confirmationMessage4 ?? "",
    confirmationMessage5: record?.confirmationMessage5 ?? "",
    templateKey: record?.template ? `${record.template.name}|${record.template.language}` : "",
    templateVariables: record?.template?.variables ?? [],
  };
}

/** "yyyy-MM-dd HH:mm:ss" of the form's local date and time; null for none. */
export function scheduledAtForServer(value: string): string | null {
  if (!value) return null;
  const date = parse(value, WIRE_LOCAL_DATE_TIME, new Date());
  return isValid(date) ? format(date, "yyyy-MM-dd HH:mm:ss") : value;
}

/** §7: the body of POST/PUT /campaigns, empty strings sent as null. */
export function campaignPayload(values: CampaignFormValues, cloud = false): CampaignPayload {
  const out: CampaignPayload = {};
  const { templateKey, templateVariables, ...texts } = values;
  for (const [key, value] of Object.entries(texts)) out[key] = value.trim() === "" ? null : value;
  out.template = cloud ? templateOfChoice({ key: templateKey, variables: templateVariables }) : null;
  out.name = values.name.trim();
  out.confirmation = values.confirmation === "true";
  out.scheduledAt = scheduledAtForServer(values.scheduledAt);
  for (const key of ["contactListId", "whatsappId", "fileListId"] as const) out[key] = values[key] ? Number(values[key]) : null;
  out.tagListId = values.tagListId && values.tagListId !== NO_TAG ? Number(values.tagListId) : null;
  return out;
}

/**
 * How long a list takes at the company's pace, in seconds: one message per contact, the interval
 * between two, the longer pause after every `longerIntervalAfter` messages.
 */
export function estimatedSendSeconds(contacts: number, pace: Pick<CampaignSettings, "messageInterval" | "longerIntervalAfter" | "greaterInterval">): number {
  if (contacts <= 1) return 0;
  const gaps = contacts - 1;
  const longer = pace.longerIntervalAfter > 0 ? Math.floor(gaps / pace.longerIntervalAfter) : 0;
  return (gaps - longer) * pace.messageInterval + longer * Math.max(pace.greaterInterval, pace.messageInterval);
}

/** The name's rule (2 to 50 characters), as the server checks it. */
export function validateName(value: string): true | string {
  const parsed = campaignBody.shape.name.safeParse(value);
  return parsed.success || (parsed.error.issues[0]?.message ?? "Required");
}

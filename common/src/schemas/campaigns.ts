import { z } from "zod";
import { boundedString, listQuery, optionalId } from "./common";
import { V } from "./messages";
import { isCalendarDateTime } from "./dates";
import { templateSendBody, type TemplateSendBody } from "./tickets";

/** A campaign's life (administration §4): new ones are INATIVA. */
export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** GET /campaigns/ pages. */
export const CAMPAIGNS_PAGE_SIZE = 20;
/** A PROGRAMADA campaign may still be edited while its start is more than this away (§4, §9). */
export const CAMPAIGN_EDIT_MARGIN_MS = 60 * 60_000;
/** The default words that, as a whole answer whatever their case, take a number out of every campaign (the settings may name others). */
export const CAMPAIGN_OPT_OUT_WORDS = ["SAIR", "PARAR", "STOP"] as const;
/** Sends the channel may refuse to one contact before the number is given up (marked not valid, skipped by later campaigns). */
export const CAMPAIGN_SEND_ATTEMPTS = 3;

/** The form's texts: empty strings and null are "not filled". */
const text = (max: number) =>
  z
    .union([z.string(), z.null()], { error: V.invalidValue })
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, V.tooLong);

const readableDateTime = (v: string) => {
  if (!isCalendarDateTime(v)) return false;
  const year = new Date(v).getFullYear();
  return year >= 2000 && year <= 9999;
};

/** "yyyy-MM-dd HH:mm:ss" (read in the server's zone, as the original client sends it) or ISO; "" or null for none. */
export const campaignScheduledAtField = z
  .union([z.string(), z.null()], { error: V.invalidValue })
  .optional()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || (v.length <= 40 && readableDateTime(v)), V.invalidValue)
  .transform((v) => (v === "" ? null : new Date(v)));

const flag = z
  .union([z.boolean(), z.literal("true"), z.literal("false"), z.null()], { error: V.invalidValue })
  .optional()
  .transform((v) => v === true || v === "true");

/** POST /campaigns and PUT /campaigns/:id: the dialog's fields; status, dates and media are the server's. */
export const campaignBody = z.object({
  name: boundedString(2, 50),
  confirmation: flag,
  scheduledAt: campaignScheduledAtField,
  whatsappId: optionalId,
  contactListId: optionalId,
  tagListId: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    // the select's "Nenhuma" option
    .transform((v) => (v === "Nenhuma" ? null : v))
    .pipe(optionalId),
  fileListId: optionalId,
  message1: text(10_000),
  message2: text(10_000),
  message3: text(10_000),
  message4: text(10_000),
  message5: text(10_000),
  confirmationMessage1: text(10_000),
  confirmationMessage2: text(10_000),
  confirmationMessage3: text(10_000),
  confirmationMessage4: text(10_000),
  confirmationMessage5: text(10_000),
  /**
   * On a Cloud API connection, one of its approved message templates sent instead of the messages
   * (campaigns write first, outside any service window); its variables may hold the contact's
   * {nome}/{name}, {numero}/{number}, {email} and the settings' variables. null drops it.
   */
  template: templateSendBody.nullable().optional(),
  /** Sent by the original client; the caller's company and the server's status are used. */
  companyId: z.unknown().optional(),
  status: z.unknown().optional(),
});
export type CampaignBody = z.infer<typeof campaignBody>;

/** GET /campaigns/: searchParam (the name) and pageNumber. */
export const campaignsQuery = listQuery.extend({ companyId: z.unknown().optional() });

/** A campaign as its list, its dialog, its report and its events show it. */
export interface CampaignRecord {
  id: number;
  name: string;
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
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  companyId: number;
  mediaPath: string | null;
  mediaName: string | null;
  template: TemplateSendBody | null;
  createdAt: string;
  updatedAt: string;
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
}

/** GET /campaigns/:id adds the list's contacts and the shipping records' counts (the report). */
export interface CampaignDetail extends CampaignRecord {
  contactList: { id: number; name: string; contacts: { id: number; name: string; number: string; email: string; isWhatsappValid: boolean | null }[] } | null;
  shipping: { id: number; number: string; deliveredAt: string | null; confirmationRequestedAt: string | null; confirmedAt: string | null; failedAt: string | null }[];
  counts: CampaignCounts;
}

/** How far a campaign went: its report's cards, and what `company-{id}-campaign` action "progress" carries. */
export interface CampaignCounts {
  validContacts: number;
  confirmationRequested: number;
  confirmed: number;
  delivered: number;
  failed: number;
  /** Contacts of this campaign who answered an opt-out word after it reached them. */
  optedOut: number;
}

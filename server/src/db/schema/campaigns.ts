import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { TemplateSendBody } from "@balcao/common";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";
import { whatsapps } from "./whatsapps";
import { contactListItems, contactLists } from "./contactLists";
import { fileLists } from "./files";
import { tags } from "./tickets";

/**
 * A company's campaign settings (administration §3 "Campaign settings"): one row per key, the
 * value as JSON text (the pacing's numbers, the variables' list), as the spec's client reads them.
 */
export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    key: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_settings_company_key_idx").on(t.companyId, t.key)],
);

const at = () => timestamp({ withTimezone: true, mode: "date" });

/**
 * A campaign (administration §3, §4): up to five messages (one chosen at random per contact),
 * each with its confirmation question, sent to a contact list through one connection.
 * status: INATIVA, PROGRAMADA, EM_ANDAMENTO, CANCELADA or FINALIZADA.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    message1: text().notNull().default(""),
    message2: text().notNull().default(""),
    message3: text().notNull().default(""),
    message4: text().notNull().default(""),
    message5: text().notNull().default(""),
    confirmationMessage1: text().notNull().default(""),
    confirmationMessage2: text().notNull().default(""),
    confirmationMessage3: text().notNull().default(""),
    confirmationMessage4: text().notNull().default(""),
    confirmationMessage5: text().notNull().default(""),
    status: text().notNull().default("INATIVA"),
    confirmation: boolean().notNull().default(false),
    scheduledAt: at(),
    completedAt: at(),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    contactListId: integer().references(() => contactLists.id, { onDelete: "set null" }),
    /** A tag given to every contact the campaign reached (their ticket), or none. */
    tagListId: integer().references(() => tags.id, { onDelete: "set null" }),
    fileListId: integer().references(() => fileLists.id, { onDelete: "set null" }),
    mediaPath: text(),
    mediaName: text(),
    /** On a Cloud API connection, the approved message template sent instead of the messages; its variables may hold the contact's {placeholders}. */
    template: jsonb().$type<TemplateSendBody>(),
    /** The sending's pace, shared by every process: the next message goes out at this time, not before. */
    nextSendAt: at(),
    /** Sends the channel refused in a row: each one lengthens the campaign's pause, a success clears it. */
    consecutiveFailures: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("campaigns_company_idx").on(t.companyId, t.id), index("campaigns_due_idx").on(t.status, t.scheduledAt)],
);

/**
 * One contact of a campaign: created together when the campaign starts, in the list's order.
 * Sent when deliveredAt is set (the same transaction that stored its message); with confirmation,
 * the question first (confirmationRequestedAt), the message when the contact answers (confirmedAt).
 */
export const campaignShippings = pgTable(
  "campaign_shippings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    number: text().notNull(),
    name: text().notNull().default(""),
    email: text().notNull().default(""),
    contactListItemId: integer().references(() => contactListItems.id, { onDelete: "set null" }),
    message: text().notNull().default(""),
    confirmationMessage: text().notNull().default(""),
    confirmationRequestedAt: at(),
    confirmedAt: at(),
    deliveredAt: at(),
    ticketId: integer(),
    failedAt: at(),
    failure: text(),
    /** The messages stored for this contact, in order: a refused send is retried with these, never stored again. */
    messageIds: integer().array(),
    /** Sends the channel refused; at CAMPAIGN_SEND_ATTEMPTS the number is given up and marked. */
    attempts: integer().notNull().default(0),
    /** A refused contact is not tried again before this time. */
    retryAt: at(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("campaign_shippings_campaign_number").on(t.campaignId, t.number),
    // the sender's next contact: the first not yet sent
    index("campaign_shippings_pending_idx")
      .on(t.campaignId, t.position)
      .where(sql`delivered_at is null and confirmation_requested_at is null and failed_at is null`),
    // an answer finds the question it confirms
    index("campaign_shippings_awaiting_idx")
      .on(t.companyId, t.number)
      .where(sql`confirmation_requested_at is not null and confirmed_at is null`),
  ],
);

/** Numbers that asked not to receive campaigns (they answered SAIR, PARAR or STOP): never sent to again. */
export const campaignOptOuts = pgTable(
  "campaign_opt_outs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    number: text().notNull(),
    word: text().notNull(),
    optedOutAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("campaign_opt_outs_company_number").on(t.companyId, t.number)],
);

import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { queues } from "./queues";
import { timestamps } from "./timestamps";

/** Cloud API settings as stored: accessToken and appSecret sealed with the server's channel key. */
export interface StoredCloudConfig {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  graphUrl?: string;
  apiVersion?: string;
  /** The WhatsApp Business Account whose message templates the connection sends. */
  businessAccountId?: string;
  /** Sends a second at most on this number; absent: Meta's default, 80. */
  messagesPerSecond?: number;
}

/** A WhatsApp connection of a company, served by one channel adapter (sandbox, baileys, cloud). */
export const whatsapps = pgTable(
  "whatsapps",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    channel: text().notNull().default("sandbox"),
    status: text().notNull().default("DISCONNECTED"),
    qrcode: text().notNull().default(""),
    retries: integer().notNull().default(0),
    isDefault: boolean().notNull().default(false),
    /** Number the connection is paired with, once known. */
    number: text(),
    /** Bearer token of the connection's HTTP interfaces (sandbox, external messages API). */
    token: text().notNull().unique(),
    greetingMessage: text().notNull().default(""),
    complationMessage: text().notNull().default(""),
    outOfHoursMessage: text().notNull().default(""),
    ratingMessage: text().notNull().default(""),
    transferQueueId: integer(),
    timeToTransfer: integer(),
    promptId: integer(),
    integrationId: integer(),
    expiresTicket: integer().notNull().default(0),
    expiresInactiveMessage: text().notNull().default(""),
    /** Settings of the official Cloud API channel; null for other channels. */
    cloud: jsonb().$type<StoredCloudConfig>(),
    /** The server process that runs this connection's session, while its lease lasts. */
    sessionOwner: text(),
    sessionLeaseUntil: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [index("whatsapps_company_idx").on(t.companyId), unique("whatsapps_company_name").on(t.companyId, t.name)],
);

export const whatsappQueues = pgTable(
  "whatsapp_queues",
  {
    companyId: companyColumn(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.queueId] })],
);

/**
 * A channel's saved session (Baileys credentials and signal keys), one row per key,
 * each value sealed with the server's channel key.
 */
export const channelAuthEntries = pgTable(
  "channel_auth_entries",
  {
    companyId: companyColumn(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.key] })],
);

import { index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { whatsapps } from "./whatsapps";
import { timestamps } from "./timestamps";

/** A component of a message template as Graph describes it (HEADER, BODY, FOOTER, BUTTONS). */
export interface TemplateComponent {
  type: string;
  format?: string;
  text?: string;
  example?: unknown;
  buttons?: unknown[];
}

/** A Cloud API message template of a connection's WhatsApp Business Account, as last read from Graph. */
export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    name: text().notNull(),
    language: text().notNull(),
    category: text().notNull().default(""),
    /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED… only APPROVED ones can be sent. */
    status: text().notNull().default(""),
    components: jsonb().$type<TemplateComponent[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [unique("whatsapp_templates_connection_name_language").on(t.whatsappId, t.name, t.language), index("whatsapp_templates_company_idx").on(t.companyId)],
);

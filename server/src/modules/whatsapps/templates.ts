import { and, asc, eq } from "drizzle-orm";
import type { WhatsappTemplateView } from "@balcao/common";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { whatsappTemplates } from "../../db/schema";
import { syncTemplates } from "../../channels/cloud/templates";
import { templateButtons } from "../messages/templates";
import { findWhatsapp } from "./service";

type TemplateRow = typeof whatsappTemplates.$inferSelect;

/** A template as the API shows it: the components' type, format and text (what a preview needs). */
const presentTemplate = (t: TemplateRow): WhatsappTemplateView => ({
  id: t.id,
  whatsappId: t.whatsappId,
  name: t.name,
  language: t.language,
  category: t.category,
  status: t.status,
  components: t.components.map((c) => ({
    type: c.type,
    ...(c.format ? { format: c.format } : {}),
    ...(typeof c.text === "string" ? { text: c.text } : {}),
    ...(Array.isArray(c.buttons) ? { buttons: templateButtons(c) } : {}),
  })),
  updatedAt: t.updatedAt.toISOString(),
});

/** The connection's templates as last read from Graph, by name and language; another company's connection is not found. */
export async function listTemplates(db: Db, companyId: number, whatsappId: number) {
  await findWhatsapp(db, companyId, whatsappId);
  const rows = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.whatsappId, whatsappId)))
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
  return rows.map(presentTemplate);
}

/** Reads the connection's templates from Graph again, then lists them. */
export async function resyncTemplates(ctx: AppContext, companyId: number, whatsappId: number) {
  const row = await findWhatsapp(ctx.db, companyId, whatsappId);
  await syncTemplates(ctx, row);
  return listTemplates(ctx.db, companyId, whatsappId);
}

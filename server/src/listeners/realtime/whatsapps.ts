import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { whatsapps } from "../../db/schema";
import { presentWhatsapp } from "../../modules/whatsapps/present";
import { forCompany } from "../../modules/whatsapps/events";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["whatsapp.created", "whatsapp.updated", "whatsapp.deleted", "whatsapp.session"]);

/**
 * Connections to the company's sockets (`company-{id}-whatsapp`, a new one announced as an update);
 * a session's status or QR code also goes out as `company-{id}-whatsappSession`.
 */
export const whatsappsRealtime: Listener = {
  name: "realtime.whatsapps",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "whatsappId");
    if (!subject) return;
    const { companyId, id: whatsappId } = subject;
    const deleted = { action: "delete", whatsappId };
    if (event.type === "whatsapp.deleted") return ctx.realtime.toCompany(companyId, "whatsapp", deleted);
    const whatsapp = await viewOf(event, "whatsapp", async () => {
      const [row] = await ctx.db
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
      return row ? forCompany(await presentWhatsapp(ctx.db, row)) : null;
    });
    if (!whatsapp) return ctx.realtime.toCompany(companyId, "whatsapp", deleted);
    if (event.type === "whatsapp.session") ctx.realtime.toCompany(companyId, "whatsappSession", { action: "update", session: whatsapp });
    ctx.realtime.toCompany(companyId, "whatsapp", { action: "update", whatsapp });
  },
};

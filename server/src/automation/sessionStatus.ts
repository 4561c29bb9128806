import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { whatsapps } from "../db/schema";
import type { ChannelEvent } from "../channels/contract";
import { presentWhatsapp } from "../modules/whatsapps/present";
import { command } from "../events/command";

type StatusEvent = Extract<ChannelEvent, { type: "status" }>;

/**
 * A channel reported its session's status (and QR code, and number): saved on the connection
 * with its `whatsapp.session` event. Answers the saved row, or null when the connection is gone.
 */
export function saveSessionStatus(ctx: AppContext, whatsapp: { id: number; companyId: number }, event: StatusEvent) {
  return command(ctx, async (tx, events) => {
    const [saved] = await tx
      .update(whatsapps)
      .set({ status: event.status, qrcode: event.qrcode ?? "", ...(event.number ? { number: event.number } : {}), updatedAt: new Date() })
      .where(and(eq(whatsapps.id, whatsapp.id), eq(whatsapps.companyId, whatsapp.companyId)))
      .returning();
    // the QR code pairs a phone: the stored event keeps the status only, the view goes to the listeners
    if (saved) {
      const data = { whatsappId: whatsapp.id, status: saved.status };
      events.add({ type: "whatsapp.session", companyId: whatsapp.companyId, stream: `whatsapp:${whatsapp.id}`, data, transient: { whatsapp: await presentWhatsapp(tx, saved) } });
    }
    return saved ?? null;
  });
}

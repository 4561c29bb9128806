import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { whatsapps } from "../db/schema";
import { AppError } from "../http/errors";
import type { ChannelAdapter, ChannelEvent } from "./contract";
import { applyAck, applyEdit, applyRemoteDelete, receiveInbound } from "./inbound";
import { SandboxAdapter } from "./sandbox/adapter";
import { CloudAdapter } from "./cloud/adapter";
import { presentWhatsapp } from "../modules/whatsapps/present";

export const CHANNEL_KINDS = ["sandbox", "cloud"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

type WhatsappRow = typeof whatsapps.$inferSelect;

/** One adapter per connection, created on demand; every adapter reports through `handle`. */
export class ChannelManager {
  private adapters = new Map<number, ChannelAdapter>();

  constructor(private readonly ctx: AppContext) {}

  adapterFor(whatsapp: Pick<WhatsappRow, "id" | "companyId" | "channel">): ChannelAdapter {
    let adapter = this.adapters.get(whatsapp.id);
    if (!adapter) {
      const sink = (event: ChannelEvent) => this.handle(whatsapp.id, whatsapp.companyId, event);
      switch (whatsapp.channel) {
        case "sandbox":
          adapter = new SandboxAdapter(this.ctx, { id: whatsapp.id, companyId: whatsapp.companyId }, sink);
          break;
        case "cloud":
          adapter = new CloudAdapter(this.ctx, { id: whatsapp.id, companyId: whatsapp.companyId }, sink);
          break;
        default:
          throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
      }
      this.adapters.set(whatsapp.id, adapter);
    }
    return adapter;
  }

  sandbox(whatsapp: Pick<WhatsappRow, "id" | "companyId" | "channel">): SandboxAdapter {
    if (whatsapp.channel !== "sandbox") throw new AppError("ERR_NO_WAPP_FOUND", 404);
    return this.adapterFor(whatsapp) as SandboxAdapter;
  }

  async forget(whatsappId: number) {
    const adapter = this.adapters.get(whatsappId);
    this.adapters.delete(whatsappId);
    await adapter?.close().catch(() => undefined);
  }

  async closeAll() {
    await Promise.all([...this.adapters.keys()].map((id) => this.forget(id)));
  }

  /** Normalized events from any channel land here. */
  async handle(whatsappId: number, companyId: number, event: ChannelEvent) {
    const whatsapp = { id: whatsappId, companyId };
    switch (event.type) {
      case "message":
        return void (await receiveInbound(this.ctx, whatsapp, event.message));
      case "ack":
        return void (await applyAck(this.ctx, whatsapp, event.externalId, event.ack));
      case "edit":
        return void (await applyEdit(this.ctx, whatsapp, event.externalId, event.body));
      case "delete":
        return void (await applyRemoteDelete(this.ctx, whatsapp, event.externalId));
      case "call":
        return void (await receiveInbound(this.ctx, whatsapp, { externalId: event.externalId, number: event.number, name: event.name, body: "", mediaType: "call_log" }));
      case "status": {
        const [row] = await this.ctx.db
          .update(whatsapps)
          .set({ status: event.status, qrcode: event.qrcode ?? "", ...(event.number ? { number: event.number } : {}), updatedAt: new Date() })
          .where(and(eq(whatsapps.id, whatsappId), eq(whatsapps.companyId, companyId)))
          .returning();
        if (row) {
          const session = await presentWhatsapp(this.ctx.db, row);
          this.ctx.realtime.toCompany(companyId, "whatsappSession", { action: "update", session });
          this.ctx.realtime.toCompany(companyId, "whatsapp", { action: "update", whatsapp: session });
        }
      }
    }
  }
}

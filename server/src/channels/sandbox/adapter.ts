import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { sandboxMessages, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { ChannelAdapter, ChannelEvent, MediaFile, SendOptions, SentMessage } from "../contract";
import { mediaTypeOf } from "../../media/store";
import { rowOf, rowsOf } from "../sqlRows";
import { KeyedBatches } from "../keyedBatches";

type Sink = (event: ChannelEvent) => Promise<void>;

interface PhoneCopy {
  external_id: string;
  number: string;
  body: string;
  media_type: string | null;
  media_name: string | null;
  media_path: string | null;
  quoted_id: string | null;
}

/**
 * The built-in WhatsApp stand-in. Its "servers" are the sandbox_messages table: what the
 * company sends lands there for the simulated phone to read, and the phone's messages,
 * receipts and pairing come back through the same events a real channel produces.
 */
export class SandboxAdapter implements ChannelAdapter {
  readonly kind = "sandbox";

  constructor(
    private readonly ctx: AppContext,
    private readonly whatsapp: { id: number; companyId: number },
    private readonly sink: Sink,
  ) {}

  /** Starts a session: a fresh pairing link shown as the QR code. */
  async connect() {
    const code = crypto.randomBytes(12).toString("base64url");
    await this.sink({ type: "status", status: "qrcode", qrcode: `/sandbox/pair/${this.whatsapp.id}/${code}` });
  }

  /** Closed when its connection is deleted (here or by another process): it sends nothing more. */
  private closed = false;

  async close() {
    // nothing to release: the sandbox keeps no sockets
    this.closed = true;
  }

  async disconnect() {
    await this.sink({ type: "status", status: "DISCONNECTED" });
  }

  /** The phone scanned the QR (or a test asked): the connection is up. */
  async pair(code?: string) {
    if (this.closed) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    const [row] = await this.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, this.whatsapp.id));
    if (code !== undefined && row?.qrcode !== `/sandbox/pair/${this.whatsapp.id}/${code}`) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    await this.sink({ type: "status", status: "CONNECTED", number: `sandbox-${this.whatsapp.id}` });
  }

  private async assertConnected() {
    if (this.closed) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    const [row] = await this.ctx.db.select({ status: whatsapps.status }).from(whatsapps).where(eq(whatsapps.id, this.whatsapp.id));
    if (row?.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  }

  /** The phone's copies of what the company sends: those made while earlier ones are written go together in the next statement. */
  private readonly copies = new KeyedBatches((items: PhoneCopy[]) => this.storeCopies(items));

  /**
   * Stored only while the connection is up; null for each when it is not. Each copy's event
   * (the admins' phone screen shows it) is recorded by the same statement, then dispatched.
   */
  private async storeCopies(items: PhoneCopy[]) {
    const rows = await rowsOf<{ row: unknown; event_id: number | string; event_at: string | Date }>(
      this.ctx.db,
      sql`with stored as (
            insert into sandbox_messages (company_id, whatsapp_id, external_id, number, direction, body, media_type, media_name, media_path, quoted_id, ack)
            select w.company_id, w.id, r.external_id, r.number, 'out', r.body, r.media_type, r.media_name, r.media_path, r.quoted_id, 1
            from json_to_recordset(${JSON.stringify(items.map((item, n) => ({ ...item, n })))}::json) as r(external_id text, number text, body text, media_type text, media_name text, media_path text, quoted_id text, n int)
              join whatsapps w on w.company_id = ${this.whatsapp.companyId}::int and w.id = ${this.whatsapp.id}::int and w.status = 'CONNECTED'
            order by r.n
            returning *),
          ev as (
            insert into domain_events (company_id, type, stream, data)
            select s.company_id, 'sandboxMessage.created', 'whatsapp:' || s.whatsapp_id, jsonb_build_object('sandboxMessageId', s.id, 'whatsappId', s.whatsapp_id)
            from stored s order by s.id
            returning id, created_at, (data->>'sandboxMessageId')::int as message_id)
          select row_to_json(stored) as row, ev.id as event_id, ev.created_at as event_at from stored join ev on ev.message_id = stored.id order by ev.id`,
      "balcao_sandbox_send_recorded",
    );
    const stored = rows.map((r) => ({ row: rowOf(sandboxMessages, r.row)!, eventId: Number(r.event_id), at: new Date(r.event_at) }));
    await this.ctx.events.dispatch(
      stored.map(({ row, eventId, at }) => ({
        id: eventId,
        occurredAt: at,
        type: "sandboxMessage.created",
        companyId: row.companyId,
        stream: `whatsapp:${row.whatsappId}`,
        actor: { userId: null },
        data: { sandboxMessageId: row.id, whatsappId: row.whatsappId },
        transient: { message: presentSandboxMessage(row) },
      })),
    );
    const byExternalId = new Map(stored.map(({ row }) => [row.externalId, row]));
    return items.map((item) => byExternalId.get(item.external_id) ?? null);
  }

  private async deliver(to: string, values: { body: string; mediaType?: string | null; mediaName?: string | null; mediaPath?: string | null; quotedId?: string | null }): Promise<SentMessage> {
    if (this.closed) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    const externalId = `SBX${crypto.randomBytes(10).toString("hex").toUpperCase()}`;
    const row = await this.copies.submit("", {
      external_id: externalId,
      number: to,
      body: values.body ?? "",
      media_type: values.mediaType ?? null,
      media_name: values.mediaName ?? null,
      media_path: values.mediaPath ?? null,
      quoted_id: values.quotedId ?? null,
    });
    if (!row) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    return { externalId };
  }

  sendText(to: string, body: string, options?: SendOptions) {
    return this.deliver(to, { body, quotedId: options?.quotedExternalId });
  }

  async sendMedia(to: string, file: MediaFile, caption: string, options?: SendOptions) {
    const stored = await this.ctx.media.save(this.whatsapp.companyId, file.data, file.filename);
    return this.deliver(to, { body: caption, mediaType: mediaTypeOf(file.mimetype), mediaName: stored.filename, mediaPath: stored.key, quotedId: options?.quotedExternalId });
  }

  async deleteMessage(_to: string, externalId: string) {
    await this.assertConnected();
    await this.ctx.db
      .update(sandboxMessages)
      .set({ deleted: true })
      .where(and(eq(sandboxMessages.whatsappId, this.whatsapp.id), eq(sandboxMessages.externalId, externalId)));
  }

  /** The company's reaction, kept on the phone's copy of the message; "" takes it back. */
  async sendReaction(_to: string, target: { externalId: string }, emoji: string) {
    await this.assertConnected();
    await this.ctx.db
      .update(sandboxMessages)
      .set({ reaction: emoji || null })
      .where(and(eq(sandboxMessages.whatsappId, this.whatsapp.id), eq(sandboxMessages.externalId, target.externalId)));
  }

  /** The simulated phone can talk to any number, so every number counts as a WhatsApp account. */
  async checkNumber(_number: string) {
    return true;
  }

  /** The attendant read the customer's messages: the phone sees them as read. */
  async markRead(_from: string, externalIds: string[]) {
    if (externalIds.length === 0) return;
    await this.ctx.db
      .update(sandboxMessages)
      .set({ ack: 3 })
      .where(and(eq(sandboxMessages.whatsappId, this.whatsapp.id), eq(sandboxMessages.direction, "in"), inArray(sandboxMessages.externalId, externalIds)));
  }
}

export function presentSandboxMessage(row: typeof sandboxMessages.$inferSelect) {
  return {
    id: row.externalId,
    number: row.number,
    direction: row.direction,
    body: row.deleted ? "" : row.body,
    mediaType: row.mediaType,
    mediaName: row.mediaName,
    mediaUrl: row.mediaPath && !row.deleted ? `/sandbox/${row.whatsappId}/media/${row.externalId}` : null,
    quotedId: row.quotedId,
    ack: row.ack,
    deleted: row.deleted,
    reaction: row.reaction,
    createdAt: row.createdAt.toISOString(),
  };
}

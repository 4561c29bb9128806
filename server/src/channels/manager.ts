import { countMessage } from "../metrics/collectors";
import type { AppContext } from "../context";
import { inArray } from "drizzle-orm";
import { whatsapps } from "../db/schema";
import { AppError } from "../http/errors";
import { outsideRequest } from "../logging";
import type { ChannelAdapter, ChannelEvent, InboundMessage } from "./contract";
import { readSettings } from "../automation/companySettings";
import { linkIdentity, resolveInbound } from "../automation/identities";
import { mayAnswerRating, receiveRating } from "../automation/rating";
import { applyAck, applyEdit, applyRemoteDelete, receiveInbound, receiveInboundUnlessRating } from "../automation/inbound";
import { applyCustomerReaction } from "../automation/reactions";
import { SandboxAdapter } from "./sandbox/adapter";
import { CloudAdapter } from "./cloud/adapter";
import { BaileysAdapter } from "./baileys/adapter";
import { defaultBaileysOptions, type BaileysOptions } from "./baileys/socket";
import { pairedSessions } from "./baileys/savedSessions";
import { SessionLease, type LeaseOptions } from "./lease";
import { SessionRequests, SessionMoved, type SessionRequest } from "./remote/sessionRequests";
import { performRequest, RoutedAdapter } from "./remote/routedAdapter";
import { storableEvent, storableInbound } from "./storableText";
import { keepDeadLetter } from "./deadLetters";
import { sendLeftPending } from "../automation/leftPending";
import { saveSessionStatus } from "../automation/sessionStatus";

export const CHANNEL_KINDS = ["sandbox", "cloud", "baileys"] as const;

type WhatsappRow = typeof whatsapps.$inferSelect;

/** Production takes the defaults; tests name the process and hand in a fake WhatsApp socket. */
export interface ChannelManagerOptions {
  lease?: LeaseOptions;
  baileys?: Partial<BaileysOptions>;
  requestTimeoutMs?: number;
}

/** One adapter per connection, created on demand; every adapter reports through `handle`. */
export class ChannelManager {
  private adapters = new Map<number, ChannelAdapter>();
  private routed = new Map<number, RoutedAdapter>();
  /** With REDIS_URL (several processes): carries requests for sessions to the process holding them. */
  private readonly requests: SessionRequests | null;
  /** Takes over paired sessions no live process holds, when several processes share the work. */
  private adopting: NodeJS.Timeout | null = null;
  /** Which live sessions (baileys) this process runs. */
  readonly lease: SessionLease;
  /** How WhatsApp Web sockets are made, media fetched and reconnections timed. */
  baileys: BaileysOptions;
  /** Sessions another process runs, checked again when their lease may have run out. */
  private standby = new Map<number, NodeJS.Timeout>();
  private closed = false;
  private readonly startedAt = new Date();
  /** Looks for connections deleted by another process (a company deleted from the command line). */
  private pruning: NodeJS.Timeout | null = null;
  /** Connections found gone once: forgotten when still gone at the next look (a row not yet committed is not gone). */
  private missing = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    options: ChannelManagerOptions = {},
  ) {
    this.lease = new SessionLease(ctx.db, (id) => void this.leaseLost(id), options.lease);
    this.baileys = { ...defaultBaileysOptions, ...options.baileys };
    const url = ctx.config.redisUrl;
    this.requests = url ? new SessionRequests(url, this.lease.owner, (request, any) => this.serve(request, any), { timeoutMs: options.requestTimeoutMs, log: () => ctx.log }) : null;
    if (this.requests && this.lease.claims) void this.requests.listenToAny().catch((err) => ctx.log?.error({ err }, "session requests not listened to"));
  }

  /**
   * The connection's channel, wherever its live session runs: a WhatsApp Web session held by
   * another process is reached through it (remote/), everything else runs here.
   */
  adapterFor(whatsapp: Pick<WhatsappRow, "id" | "companyId" | "channel">): ChannelAdapter {
    if (whatsapp.channel !== "baileys" || !this.requests) return this.localAdapter(whatsapp);
    let routed = this.routed.get(whatsapp.id);
    if (!routed) {
      const routing = { whereIs: (id: number) => this.lease.whereIs(id), runsSessions: this.lease.claims, requests: this.requests };
      routed = new RoutedAdapter(whatsapp, whatsapp.channel, () => this.localAdapter(whatsapp), routing);
      this.routed.set(whatsapp.id, routed);
    }
    return routed;
  }

  /** A request another process carried here for a session this process holds (or, sent to any, takes). */
  private async serve(request: SessionRequest, any: boolean) {
    if (this.closed) throw new SessionMoved();
    if (!this.lease.holds(request.whatsappId) && !(any && (await this.lease.claim(request.whatsappId)))) throw new SessionMoved();
    return performRequest(this.localAdapter({ id: request.whatsappId, companyId: request.companyId, channel: "baileys" }), request);
  }

  /** This process's own adapter of the connection (its session, when it holds it). */
  localAdapter(whatsapp: Pick<WhatsappRow, "id" | "companyId" | "channel">): ChannelAdapter {
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
        case "baileys": {
          const id = whatsapp.id;
          const session = { claim: () => this.lease.claim(id), release: () => this.lease.release(id) };
          adapter = new BaileysAdapter(this.ctx, { id, companyId: whatsapp.companyId }, sink, session, this.baileys);
          break;
        }
        default:
          throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
      }
      this.adapters.set(whatsapp.id, adapter);
      this.prune();
    }
    return adapter;
  }

  sandbox(whatsapp: Pick<WhatsappRow, "id" | "companyId" | "channel">): SandboxAdapter {
    if (whatsapp.channel !== "sandbox") throw new AppError("ERR_NO_WAPP_FOUND", 404);
    return this.localAdapter(whatsapp) as SandboxAdapter;
  }

  async forget(whatsappId: number) {
    clearTimeout(this.standby.get(whatsappId));
    this.standby.delete(whatsappId);
    const adapter = this.adapters.get(whatsappId);
    this.adapters.delete(whatsappId);
    this.routed.delete(whatsappId);
    await adapter?.close().catch(() => undefined);
  }

  /** Whether this process has the connection's adapter (its session, for WhatsApp Web) in hand. */
  runs(whatsappId: number) {
    return this.adapters.has(whatsappId);
  }

  /**
   * Ends the sessions of connections whose rows are gone: a connection or a company deleted by
   * another process (the command line's delete-company) stops here within a lease's renewal.
   * WhatsApp Web sessions also learn it from their lease; the sandbox and Cloud API hold none.
   * Answers the connections let go.
   */
  async forgetDeleted(): Promise<number[]> {
    const ids = [...this.adapters.keys()];
    if (ids.length === 0) return [];
    const present = new Set((await this.ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(inArray(whatsapps.id, ids))).map((r) => r.id));
    const gone = ids.filter((id) => !present.has(id) && this.missing.has(id));
    this.missing = new Set(ids.filter((id) => !present.has(id)));
    for (const id of gone) {
      this.missing.delete(id);
      await this.forget(id);
    }
    return gone;
  }

  private prune() {
    if (this.pruning || this.closed) return;
    this.pruning = outsideRequest(() =>
      setInterval(() => {
        if (this.adapters.size === 0) return;
        void this.forgetDeleted().catch((err) => this.ctx.log?.warn({ err }, "deleted connections not looked for"));
      }, this.lease.renewEveryMs),
    );
    this.pruning.unref();
  }

  async closeAll() {
    this.closed = true;
    if (this.adopting) clearInterval(this.adopting);
    if (this.pruning) clearInterval(this.pruning);
    await Promise.all([...new Set([...this.adapters.keys(), ...this.standby.keys()])].map((id) => this.forget(id)));
    await this.lease.stop();
    await this.requests?.stop();
  }

  /**
   * On start: brings back the paired WhatsApp Web sessions saved in the database. A session
   * another live process runs is left to it, and looked at again when its lease could lapse.
   */
  async resumeSessions(whatsappId?: number, { unheldOnly = false } = {}) {
    if (this.closed) return;
    if (this.requests && whatsappId === undefined && !unheldOnly) await this.startAdopting();
    for (const row of await pairedSessions(this.ctx, whatsappId, { unheldOnly })) {
      if (this.adapters.has(row.id) && this.lease.holds(row.id)) continue;
      if (await this.lease.claim(row.id)) {
        await this.localAdapter(row)
          .connect()
          .catch(async (err) => {
            this.ctx.log?.error({ err, whatsappId: row.id }, "session not resumed");
            await this.forget(row.id); // let go of the lease: another process may do better
          });
      } else {
        this.watch(row.id);
      }
    }
    // what a stop left unsent; a session's own go out once it is up (see `handle`)
    if (whatsappId === undefined && !unheldOnly) this.sendLeftPending({ before: this.startedAt, channels: ["sandbox", "cloud"], claimedBefore: this.deadClaimsBefore() });
  }

  /** Without REDIS_URL this is the only process: a send claimed before it started was cut off by a stop. */
  private deadClaimsBefore() {
    return this.requests ? undefined : this.startedAt;
  }

  private sendLeftPending(scope: Parameters<typeof sendLeftPending>[1]) {
    void sendLeftPending(this.ctx, scope).catch((err) => this.ctx.log?.warn({ err }, "pending messages not sent"));
  }

  /**
   * Several processes: one that stops (even killed) leaves its sessions' leases to lapse, and
   * another process takes them over, whenever they were started. Requests are answered first.
   */
  private async startAdopting() {
    // Redis down: sessions still start here, reached by the others once it is back
    await Promise.race([this.requests!.ready, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
    if (this.adopting || this.closed) return;
    this.adopting = setInterval(() => {
      void this.resumeSessions(undefined, { unheldOnly: true }).catch((err) => this.ctx.log?.warn({ err }, "sessions not taken over"));
    }, this.lease.renewEveryMs);
    this.adopting.unref();
  }

  private watch(whatsappId: number) {
    if (this.closed) return;
    clearTimeout(this.standby.get(whatsappId));
    const timer = outsideRequest(() =>
      setTimeout(() => {
        this.standby.delete(whatsappId);
        void this.resumeSessions(whatsappId).catch(() => this.watch(whatsappId));
      }, this.lease.ttlMs),
    );
    timer.unref();
    this.standby.set(whatsappId, timer);
  }

  /** Another process took this session over: our socket goes, and we stand by. */
  private async leaseLost(whatsappId: number) {
    await this.forget(whatsappId);
    this.watch(whatsappId);
  }

  /**
   * A customer's message: dropped when it is a group's and the company ignores groups; an
   * answer to a rating question goes to its ticket; otherwise the pipeline stores it (the bots
   * answer its `message.created` event). Returns what was stored, or null when it was dropped.
   */
  async receiveMessage(whatsapp: { id: number; companyId: number }, message: InboundMessage) {
    return this.storeOrKeep(whatsapp, message);
  }

  /**
   * `storeMessage`, or, when the message cannot be stored whatever the reason, a dead letter the
   * company's admins see (answered as `{ deadLetter }`): the channel is then answered as for a
   * stored message, so it stops delivering it again. A dead letter that cannot be written either
   * (the database is down) fails the delivery, and the channel tries again later.
   */
  async storeOrKeep(whatsapp: { id: number; companyId: number }, message: InboundMessage) {
    try {
      return await this.storeMessage(whatsapp, message);
    } catch (err) {
      return { deadLetter: await keepDeadLetter(this.ctx, whatsapp, message, err) };
    }
  }

  /**
   * The storing half of `receiveMessage`, for a channel that records something in between. Every
   * channel's message passes here: its texts are made storable here (storableText.ts).
   */
  async storeMessage(whatsapp: { id: number; companyId: number }, delivered: InboundMessage) {
    const message = await resolveInbound(this.ctx, whatsapp, storableInbound(delivered));
    if (this.ctx.metrics && !delivered.fromMe) void countMessage(this.ctx, whatsapp.id, "inbound").catch(() => undefined);
    if (message.isGroup) {
      const { CheckMsgIsGroup } = await readSettings(this.ctx.db, whatsapp.companyId, ["CheckMsgIsGroup"] as const);
      if (CheckMsgIsGroup === "enabled") return null;
    }
    if (mayAnswerRating(message)) {
      // one statement stores the message unless a rating question waits for this customer
      const stored = await receiveInboundUnlessRating(this.ctx, whatsapp, message);
      if (stored) return { ...stored, rating: false };
      const rating = await receiveRating(this.ctx, whatsapp, message);
      if (rating) return { ...rating, rating: true };
    }
    return { ...(await receiveInbound(this.ctx, whatsapp, message)), rating: false };
  }

  /** Normalized events from any channel land here. */
  async handle(whatsappId: number, companyId: number, delivered: ChannelEvent) {
    const whatsapp = { id: whatsappId, companyId };
    const event = storableEvent(delivered);
    switch (event.type) {
      case "message":
        return void (await this.receiveMessage(whatsapp, event.message));
      case "identity":
        return void (await linkIdentity(this.ctx, companyId, event));
      case "ack":
        return void (await applyAck(this.ctx, whatsapp, event.externalId, event.ack));
      case "edit":
        return void (await applyEdit(this.ctx, whatsapp, event.externalId, event.body));
      case "delete":
        return void (await applyRemoteDelete(this.ctx, whatsapp, event.externalId));
      case "reaction":
        return void (await applyCustomerReaction(this.ctx, whatsapp, event));
      case "call":
        return void (await this.receiveMessage(whatsapp, { externalId: event.externalId, number: event.number, lid: event.lid, name: event.name, body: "", mediaType: "call_log" }));
      case "status": {
        const row = await saveSessionStatus(this.ctx, whatsapp, event);
        if (row?.status === "CONNECTED") this.sendLeftPending({ before: new Date(), whatsappId, claimedBefore: this.deadClaimsBefore() });
      }
    }
  }
}

import { and, eq } from "drizzle-orm";
import type { AuthenticationState, BaileysEventMap } from "baileys";
import type { AppContext } from "../../context";
import { settings } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { ChannelAdapter, ChannelEvent, MediaFile, ReactionTarget, SendOptions, SentMessage } from "../contract";
import { outsideRequest } from "../../logging";
import { BaileysAuthStore } from "./authState";
import { ackOf, callOf, eventOfMessage } from "./inboundEvents";
import { identityOf, jidOf, userOf } from "./jid";
import { loadBaileys, type BaileysLibrary } from "./library";
import { mediaContent, quotedMessage, retryContent } from "./outboundContent";
import { channelLogger, defaultBaileysOptions, reconnectDelay, type BaileysLogger, type BaileysOptions, type BaileysSocket } from "./socket";

type Sink = (event: ChannelEvent) => Promise<void>;

/** The lease on this connection's session (see ../lease.ts), as the manager hands it over. */
export interface SessionClaim {
  claim(): Promise<boolean>;
  release(): Promise<void>;
}

const CLOSE_WAIT_MS = 5_000;

/**
 * WhatsApp Web through Baileys: pairing by QR code, the session saved (sealed) in the database,
 * reconnection with backoff, and Baileys' events turned into the pipeline's events. Events are
 * handled one at a time, in the order they came, so a receipt never overtakes its message.
 * The Baileys library itself is loaded when a session first starts (see ./library.ts).
 */
export class BaileysAdapter implements ChannelAdapter {
  readonly kind = "baileys";
  readonly store: BaileysAuthStore;
  private readonly logger: BaileysLogger;
  private socket: BaileysSocket | null = null;
  private detach: (() => void) | null = null;
  private auth: AuthenticationState | null = null;
  private connected = false;
  /** The current socket put up a QR code: a timeout now means nobody scanned it. */
  private qrShown = false;
  private stopped = true;
  private attempt = 0;
  private cancelReconnect: (() => void) | null = null;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly whatsapp: { id: number; companyId: number },
    private readonly sink: Sink,
    private readonly session: SessionClaim,
    private readonly options: BaileysOptions = defaultBaileysOptions,
  ) {
    this.store = new BaileysAuthStore(ctx.db, ctx.config.dataDir, whatsapp);
    this.logger = channelLogger(ctx.config.logLevel, { channel: "baileys", whatsappId: whatsapp.id }, ctx.log);
  }

  /** Resolves once every event received so far has been handled. */
  idle() {
    return this.work;
  }

  /** Starts (or restarts, for a new QR code) the session, when this process holds its lease. */
  async connect() {
    if (!(await this.session.claim())) return; // another server process runs this session
    const baileys = await loadBaileys();
    this.stopped = false;
    this.stopReconnecting();
    endSocket(this.dropSocket());
    this.attempt = 0;
    this.auth = await this.store.load();
    // the socket and its reconnections outlive the request that connected it
    outsideRequest(() => this.open(baileys));
  }

  /** Logs the phone out and forgets the saved session. */
  async disconnect() {
    if (!(await this.session.claim())) return; // the owning process has the socket to log out
    this.stopped = true;
    this.stopReconnecting();
    const socket = this.dropSocket();
    if (socket) await Promise.resolve(socket.logout()).catch(() => undefined);
    endSocket(socket);
    await this.forgetSession();
  }

  /** Ends the socket and timers, keeping the session saved for the next start. */
  async close() {
    this.stopped = true;
    this.stopReconnecting();
    endSocket(this.dropSocket());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.work, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    await this.session.release();
  }

  private open(baileys: BaileysLibrary) {
    const auth = this.auth!;
    const socket = this.options.makeSocket(
      {
        auth: { creds: auth.creds, keys: baileys.makeCacheableSignalKeyStore(auth.keys, this.logger) },
        logger: this.logger,
        markOnlineOnConnect: false, // the phone keeps its notifications
        syncFullHistory: false,
        emitOwnEvents: false, // what we send is stored by the send service, not echoed back
        getMessage: (key) => retryContent(this.ctx.db, this.whatsapp.id, key),
      },
      baileys,
    );
    this.socket = socket;
    this.qrShown = false;
    const on = <E extends keyof BaileysEventMap>(event: E, handle: (payload: BaileysEventMap[E]) => Promise<void>) => {
      const listener = (payload: BaileysEventMap[E]) => this.enqueue(() => (this.socket === socket ? handle(payload) : Promise.resolve()));
      socket.ev.on(event, listener);
      return () => socket.ev.off(event, listener);
    };
    const offs = [
      on("connection.update", (u) => this.onConnection(baileys, socket, u)),
      on("creds.update", (u) => this.onCreds(u)),
      on("messages.upsert", (u) => this.onMessages(baileys, socket, u)),
      on("messages.update", (u) => this.onUpdates(baileys, u)),
      on("call", (calls) => this.onCalls(socket, calls)),
      on("lid-mapping.update", (m) => this.onLidMapping(m)),
    ];
    this.detach = () => offs.forEach((off) => off());
  }

  private enqueue(task: () => Promise<void>) {
    this.work = this.work.then(task).catch((err) => this.logger.error({ err }, "baileys event not handled"));
  }

  private dropSocket() {
    const socket = this.socket;
    this.detach?.();
    this.detach = null;
    this.socket = null;
    this.connected = false;
    return socket;
  }

  private stopReconnecting() {
    this.cancelReconnect?.();
    this.cancelReconnect = null;
  }

  private async forgetSession() {
    this.auth = null;
    await this.store.clear();
    await this.sink({ type: "status", status: "DISCONNECTED", qrcode: "" });
    await this.session.release();
  }

  private async onConnection({ DisconnectReason }: BaileysLibrary, socket: BaileysSocket, update: BaileysEventMap["connection.update"]) {
    if (update.qr) this.qrShown = true;
    if (update.qr) await this.sink({ type: "status", status: "qrcode", qrcode: update.qr });
    if (update.connection === "open") {
      this.connected = true;
      this.attempt = 0;
      await this.sink({ type: "status", status: "CONNECTED", number: userOf(socket.user?.id).replace(/\D/g, "") || undefined });
    }
    if (update.connection !== "close") return;
    this.dropSocket();
    if (this.stopped) return;
    const code = (update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;
    const paired = !!this.auth?.creds.me;
    // logged out on the phone, or nobody scanned the QR codes in time: start over with a new QR
    if (code === DisconnectReason.loggedOut || (!paired && this.qrShown && code === DisconnectReason.timedOut)) {
      this.stopped = true;
      await this.forgetSession();
      return;
    }
    await this.sink({ type: "status", status: "OPENING" });
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    this.cancelReconnect = this.options.schedule(() => {
      this.cancelReconnect = null;
      this.enqueue(() => this.reconnect());
    }, reconnectDelay(this.attempt++));
  }

  private async reconnect() {
    if (this.stopped || this.socket) return;
    try {
      if (!(await this.session.claim())) {
        this.stopped = true; // another process took the session over
        return;
      }
      this.open(await loadBaileys());
    } catch (err) {
      this.logger.warn({ err }, "reconnection failed");
      if (!this.stopped) this.scheduleReconnect();
    }
  }

  private async onCreds(update: BaileysEventMap["creds.update"]) {
    if (!this.auth) return;
    Object.assign(this.auth.creds, update);
    await this.store.writeCreds(this.auth.creds);
  }

  private async onMessages(baileys: BaileysLibrary, socket: BaileysSocket, { messages: list, type }: BaileysEventMap["messages.upsert"]) {
    if (type !== "notify" && type !== "append") return;
    for (const msg of list) {
      try {
        const event = await eventOfMessage(baileys, msg, (m) => this.options.download(m, socket));
        if (event) await this.sink(event);
      } catch (err) {
        this.logger.error({ err, messageId: msg.key?.id }, "inbound message not stored");
      }
    }
  }

  private async onUpdates(baileys: BaileysLibrary, updates: BaileysEventMap["messages.update"]) {
    for (const update of updates) {
      if (!update.key?.fromMe) continue; // receipts of the customer's messages say nothing new
      const event = ackOf(baileys, update);
      if (event) await this.sink(event);
    }
  }

  /** WhatsApp told which phone number a LID stands for: the contacts known by either become one. */
  private async onLidMapping({ lid, pn }: BaileysEventMap["lid-mapping.update"]) {
    const ids = identityOf(lid, pn);
    if (ids.lid && ids.number) await this.sink({ type: "identity", lid: ids.lid, number: ids.number });
  }

  private async onCalls(socket: BaileysSocket, calls: BaileysEventMap["call"]) {
    for (const call of calls) {
      const event = callOf(call);
      if (!event) continue;
      if (await this.callsRejected()) await socket.rejectCall(call.id, call.from).catch((err) => this.logger.warn({ err }, "call not rejected"));
      await this.sink(event);
    }
  }

  /** The company's "call" setting: calls are turned down unless it is "enabled". */
  private async callsRejected() {
    const [row] = await this.ctx.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.companyId, this.whatsapp.companyId), eq(settings.key, "call")));
    return (row?.value || "disabled") === "disabled";
  }

  private live(): BaileysSocket {
    if (!this.socket || !this.connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
    return this.socket;
  }

  private async send(to: string, build: (jid: string) => Promise<Parameters<BaileysSocket["sendMessage"]>>): Promise<SentMessage> {
    const socket = this.live();
    try {
      const sent = await socket.sendMessage(...(await build(jidOf(to))));
      if (!sent?.key?.id) throw new Error("no message id");
      return { externalId: sent.key.id };
    } catch (err) {
      this.logger.warn({ err }, "send failed");
      throw new AppError("ERR_SENDING_WAPP_MSG", 400);
    }
  }

  sendText(to: string, body: string, options?: SendOptions) {
    return this.send(to, async (jid) => [jid, { text: body }, { quoted: await quotedMessage(this.ctx.db, this.whatsapp.id, jid, options?.quotedExternalId) }]);
  }

  sendMedia(to: string, file: MediaFile, caption: string, options?: SendOptions) {
    return this.send(to, async (jid) => [jid, mediaContent(file, caption), { quoted: await quotedMessage(this.ctx.db, this.whatsapp.id, jid, options?.quotedExternalId) }]);
  }

  async deleteMessage(to: string, externalId: string) {
    const socket = this.live();
    const jid = jidOf(to);
    try {
      await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe: true, id: externalId } });
    } catch {
      throw new AppError("ERR_DELETE_WAPP_MSG", 400);
    }
  }

  /** The company's reaction on the customer's phone; "" takes it back. */
  async sendReaction(to: string, target: ReactionTarget, emoji: string) {
    const jid = jidOf(to);
    const key = { remoteJid: jid, fromMe: target.fromMe, id: target.externalId, ...(target.participant && !target.fromMe ? { participant: jidOf(target.participant) } : {}) };
    await this.send(to, async () => [jid, { react: { text: emoji, key } }]);
  }

  /** Asks WhatsApp whether the number has an account; ERR_WAPP_CHECK_CONTACT when it cannot say. */
  async checkNumber(number: string) {
    const socket = this.live();
    try {
      const [found] = (await socket.onWhatsApp(jidOf(number))) ?? [];
      return !!found?.exists;
    } catch {
      throw new AppError("ERR_WAPP_CHECK_CONTACT", 400);
    }
  }

  async markRead(from: string, externalIds: string[]) {
    if (externalIds.length === 0) return;
    const jid = jidOf(from);
    await this.live().readMessages(externalIds.map((id) => ({ remoteJid: jid, id, fromMe: false })));
  }
}

/** Baileys' end() is async; a socket that fails while closing has nothing more to say. */
function endSocket(socket: BaileysSocket | null) {
  if (socket) void Promise.resolve(socket.end(undefined)).catch(() => undefined);
}

import { EventEmitter } from "node:events";
import { DisconnectReason, type AnyMessageContent, type MiscMessageGenerationOptions, type UserFacingSocketConfig, type WAMessage, type WAMessageKey } from "baileys";
import type { TestApp } from "../../test/harness";
import type { BaileysAdapter } from "./adapter";
import type { BaileysOptions, BaileysSocket } from "./socket";

/** Tests only: a Baileys socket that talks to nobody; the test plays WhatsApp's side with `emit`. */
export class FakeSocket implements BaileysSocket {
  readonly ev = new EventEmitter();
  user: { id: string; name?: string } | null = null;
  sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  read: WAMessageKey[][] = [];
  rejected: { id: string; from: string }[] = [];
  loggedOut = false;
  ended = false;
  private n = 0;

  constructor(readonly config: UserFacingSocketConfig) {}

  emit(event: string, payload: unknown) {
    this.ev.emit(event, payload);
  }

  /** WhatsApp accepted the pairing (or the saved session): the socket is up. */
  open(userId: string) {
    this.user = { id: userId, name: "Loja Centro" };
    this.emit("connection.update", { connection: "open", isOnline: true });
  }

  /** The connection dropped, with Baileys' status code. */
  drop(statusCode: number, message = "Connection Failure") {
    this.emit("connection.update", { connection: "close", lastDisconnect: { error: Object.assign(new Error(message), { output: { statusCode } }), date: new Date() } });
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage> {
    this.sent.push({ jid, content, options });
    return { key: { remoteJid: jid, fromMe: true, id: `3EB0FAKE${String(++this.n).padStart(12, "0")}` }, message: {} };
  }

  async readMessages(keys: WAMessageKey[]) {
    this.read.push(keys);
  }

  /** Numbers (digits) that have WhatsApp, as far as this fake knows. */
  onWhatsAppNumbers = new Set<string>();

  async onWhatsApp(...jids: string[]) {
    return jids.map((jid) => ({ jid, exists: this.onWhatsAppNumbers.has(jid.split("@")[0]) }));
  }

  async rejectCall(id: string, from: string) {
    this.rejected.push({ id, from });
  }

  async logout() {
    this.loggedOut = true;
    this.end(Object.assign(new Error("Intentional Logout"), { output: { statusCode: DisconnectReason.loggedOut } }));
  }

  end(error: Error | undefined) {
    if (this.ended) return;
    this.ended = true;
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
  }
}

/** Tests only: every socket the adapter asked for, its media downloads and its timers. */
export class FakeWhatsApp {
  sockets: FakeSocket[] = [];
  timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  /** Bytes a media message downloads to, by message id; a missing id fails like an expired file. */
  media = new Map<string, Buffer>();

  readonly options: BaileysOptions = {
    makeSocket: (config) => {
      const socket = new FakeSocket(config);
      this.sockets.push(socket);
      return socket;
    },
    download: async (message) => {
      const data = this.media.get(message.key.id ?? "");
      if (!data) throw new Error("media expired");
      return data;
    },
    schedule: (run, ms) => {
      const timer = { ms, run, cancelled: false };
      this.timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };

  get last(): FakeSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error("no socket was made");
    return socket;
  }

  pendingTimers() {
    return this.timers.filter((t) => !t.cancelled);
  }

  /** Lets the pending timers fire now (a fake clock). */
  fireTimers() {
    const due = this.pendingTimers();
    for (const timer of due) {
      timer.cancelled = true;
      timer.run();
    }
    return due.map((t) => t.ms);
  }
}

/** Tests only: a baileys connection created over HTTP on the test app, its socket handed to `fake`. */
export async function createBaileysConnection(t: TestApp, token: string, fake: FakeWhatsApp, name: string) {
  t.built.ctx.channels.baileys = fake.options;
  const before = fake.sockets.length;
  const created = await t.http.post("/whatsapp", { name, channel: "baileys" }, token);
  if (created.status !== 201) throw new Error(`create baileys connection: ${created.status} ${JSON.stringify(created.body)}`);
  if (fake.sockets.length !== before + 1) throw new Error("creating the connection did not start its session");
  const adapter = t.built.ctx.channels.localAdapter(created.body) as BaileysAdapter;
  return { whatsapp: created.body as { id: number; companyId: number; channel: string; name: string }, adapter, socket: fake.last };
}

/** Tests only: the phone scanned the QR code; the session is paired and open. */
export async function pairSocket(adapter: BaileysAdapter, socket: FakeSocket, userId: string) {
  socket.emit("creds.update", { me: { id: userId, name: "Loja Centro" }, registered: true });
  socket.open(userId);
  await adapter.idle();
}

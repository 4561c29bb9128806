import crypto from "node:crypto";
import { Redis } from "ioredis";
import type { ErrorCode } from "@balcao/common";
import { AppError } from "../../http/errors";

/** How long a caller waits for the holder's answer; longer than a WhatsApp send takes. */
export const SESSION_REQUEST_TIMEOUT_MS = 15_000;
const CHANNEL = "balcao:sessions:";
/** Asks every process that may hold sessions at once; the one that takes the session answers. */
export const ANY_HOLDER = "any";

export type SessionOp = "connect" | "disconnect" | "sendText" | "sendMedia" | "deleteMessage" | "markRead" | "checkNumber" | "sendReaction";

/** What one process asks of the session another process holds; `args` are JSON, `media` travels beside them. */
export interface SessionRequest {
  whatsappId: number;
  companyId: number;
  op: SessionOp;
  args: unknown[];
  media?: Buffer;
}

type Wire =
  | { t: "req"; id: string; from: string; whatsappId: number; companyId: number; op: SessionOp; args: unknown[]; media?: string; any?: boolean }
  | { t: "res"; id: string; ok: true; value: unknown }
  | { t: "res"; id: string; ok: false; code: string; status: number; moved?: boolean };

/**
 * The holder did not answer. `handedOver` false: nobody received the request, so nothing was done
 * and it may be tried again; true: it was received but its outcome is unknown.
 */
export class SessionUnreachable extends AppError {
  constructor(readonly handedOver: boolean) {
    super("ERR_SESSION_UNREACHABLE", 503);
  }
}

/** The process asked no longer holds the session: the caller looks up its holder again. */
export class SessionMoved extends Error {}

interface Waiting {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
  receivers: number;
  moved: number;
}
interface Log {
  warn(obj: unknown, msg?: string): void;
}

/**
 * Request and answer between server processes over Redis: each process listens on its own
 * channel (named by its lease owner id) and answers there what it was asked of its sessions.
 * PUBLISH counts the listeners, so a request to a process that is gone fails at once, unsent.
 */
export class SessionRequests {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly waiting = new Map<string, Waiting>();
  private readonly channels: Set<string>;
  /** Resolves once this process listens for requests (never while Redis cannot be reached). */
  readonly ready: Promise<void>;

  constructor(
    url: string,
    readonly self: string,
    private readonly serve: (request: SessionRequest, any: boolean) => Promise<unknown>,
    private readonly options: { timeoutMs?: number; log?: () => Log | undefined } = {},
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 2 });
    this.sub = this.pub.duplicate();
    this.channels = new Set([CHANNEL + self]);
    this.sub.on("message", (_channel: string, text: string) => void this.receive(text));
    // an unreachable Redis is reported by the requests that need it, not as an unhandled error
    for (const client of [this.pub, this.sub]) client.on("error", () => undefined);
    let listening: () => void;
    this.ready = new Promise((resolve) => (listening = resolve));
    // on every (re)connection: a first subscription that failed while Redis was down is made then
    this.sub.on("ready", () => void this.subscribe().then(listening, () => undefined));
  }

  private subscribe() {
    return this.sub.subscribe(...this.channels);
  }

  private get timeoutMs() {
    return this.options.timeoutMs ?? SESSION_REQUEST_TIMEOUT_MS;
  }

  /** Also answers requests sent to ANY_HOLDER: for a process that may hold sessions. */
  async listenToAny() {
    this.channels.add(CHANNEL + ANY_HOLDER);
    if (this.sub.status === "ready") await this.subscribe();
  }

  /**
   * Runs `request` in the process `holder` and answers what it answered (or throws what it threw).
   * To ANY_HOLDER: the first answer of a process that took the request; SessionMoved when none did.
   */
  async request(holder: string, { media, ...request }: SessionRequest): Promise<unknown> {
    const id = crypto.randomUUID();
    const mediaKey = media ? `${CHANNEL}media:${id}` : undefined;
    // files go beside the message: Redis drops a subscriber whose messages grow past its buffer limits
    if (mediaKey) await this.pub.set(mediaKey, media!, "PX", this.timeoutMs).catch(() => Promise.reject(new SessionUnreachable(false)));
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id)?.reject(new SessionUnreachable(true)), this.timeoutMs);
      this.waiting.set(id, { resolve, reject, timer, receivers: Infinity, moved: 0 });
    });
    const any = holder === ANY_HOLDER;
    const wire: Wire = { t: "req", id, from: this.self, ...request, ...(mediaKey ? { media: mediaKey } : {}), ...(any ? { any } : {}) };
    const receivers = await this.pub.publish(CHANNEL + holder, JSON.stringify(wire)).catch(() => 0);
    if (receivers === 0) {
      this.settle(id)?.reject(new SessionUnreachable(false));
      if (mediaKey) void this.pub.del(mediaKey).catch(() => undefined);
      return answer;
    }
    const waiting = this.waiting.get(id);
    if (waiting) waiting.receivers = receivers;
    if (waiting && waiting.moved >= receivers) this.settle(id)?.reject(new SessionMoved()); // every answer came before the count
    return answer;
  }

  private settle(id: string) {
    const waiting = this.waiting.get(id);
    if (!waiting) return undefined;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    return waiting;
  }

  private async receive(text: string) {
    let wire: Wire;
    try {
      wire = JSON.parse(text) as Wire;
    } catch {
      return;
    }
    if (wire.t === "res") {
      const pending = this.waiting.get(wire.id);
      if (!pending) return; // answered after the caller gave up
      if (!wire.ok && wire.moved && ++pending.moved < pending.receivers) return; // another process may take it
      const waiting = this.settle(wire.id)!;
      if (wire.ok) waiting.resolve(wire.value);
      else waiting.reject(wire.moved ? new SessionMoved() : new AppError(wire.code as ErrorCode, wire.status));
      return;
    }
    if (wire.t !== "req") return;
    let answer: Wire;
    try {
      const media = wire.media ? await this.pub.getBuffer(wire.media) : undefined;
      if (wire.media) void this.pub.del(wire.media).catch(() => undefined);
      if (media === null) throw new SessionUnreachable(false); // the file expired before it was read
      const value = await this.serve({ whatsappId: wire.whatsappId, companyId: wire.companyId, op: wire.op, args: wire.args, media }, !!wire.any);
      answer = { t: "res", id: wire.id, ok: true, value: value ?? null };
    } catch (err) {
      if (err instanceof SessionMoved) answer = { t: "res", id: wire.id, ok: false, code: "ERR_SESSION_UNREACHABLE", status: 503, moved: true };
      else if (err instanceof AppError) answer = { t: "res", id: wire.id, ok: false, code: err.code, status: err.status };
      else {
        this.options.log?.()?.warn({ err, whatsappId: wire.whatsappId, op: wire.op }, "session request failed");
        answer = { t: "res", id: wire.id, ok: false, code: "ERR_INTERNAL", status: 500 };
      }
    }
    await this.pub.publish(CHANNEL + wire.from, JSON.stringify(answer)).catch(() => undefined);
  }

  /** Stops listening; requests still waiting fail as unanswered. */
  async stop() {
    for (const id of [...this.waiting.keys()]) this.settle(id)?.reject(new SessionUnreachable(true));
    await Promise.all([this.sub, this.pub].map((client) => client.quit().catch(() => client.disconnect())));
  }
}

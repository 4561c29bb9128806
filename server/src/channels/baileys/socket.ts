import type { AnyMessageContent, MiscMessageGenerationOptions, UserFacingSocketConfig, WAMessage, WAMessageKey } from "baileys";
import { loadBaileys, type BaileysLibrary } from "./library";
import { safeError } from "../../logging";

/** The part of a Baileys socket the adapter uses; tests hand in a fake with the same shape. */
export interface BaileysSocket {
  ev: {
    on(event: string, listener: (payload: any) => void): unknown;
    off(event: string, listener: (payload: any) => void): unknown;
  };
  user?: { id: string; name?: string } | null;
  sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined>;
  readMessages(keys: WAMessageKey[]): Promise<void>;
  rejectCall(callId: string, callFrom: string): Promise<void>;
  /** Which of the numbers have WhatsApp. */
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: unknown }[] | undefined>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): unknown;
  updateMediaMessage?(message: WAMessage): Promise<WAMessage>;
}

/** Makes a socket; `baileys` is the library, already loaded by the adapter. */
export type SocketFactory = (config: UserFacingSocketConfig, baileys: BaileysLibrary) => BaileysSocket;
/** The bytes of an inbound media message. */
export type MediaDownloader = (message: WAMessage, socket: BaileysSocket) => Promise<Buffer>;
/** Runs `run` after `ms`; answers a function that cancels it. */
export type Scheduler = (run: () => void, ms: number) => () => void;

export interface BaileysOptions {
  makeSocket: SocketFactory;
  download: MediaDownloader;
  schedule: Scheduler;
}

export type BaileysLogger = NonNullable<UserFacingSocketConfig["logger"]>;

export const defaultBaileysOptions: BaileysOptions = {
  makeSocket: (config, baileys) => baileys.makeWASocket(config) as unknown as BaileysSocket,
  download: async (message, socket) =>
    (await loadBaileys()).downloadMediaMessage(message, "buffer", {}, { logger: channelLogger("silent"), reuploadRequest: (m) => (socket.updateMediaMessage ? socket.updateMediaMessage(m) : Promise.resolve(m)) }),
  schedule: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Reconnection waits 1 s, doubling up to a minute. */
export const reconnectDelay = (attempt: number) => Math.min(1_000 * 2 ** attempt, 60_000);

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Where log lines go: the app's pino logger when there is one. */
export interface LogTarget {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * Baileys wants a pino-like logger. This one passes on warnings and errors only, whatever the
 * app's level: Baileys' info and debug lines carry message contents, which logs must not.
 */
export function channelLogger(level: string, bindings: Record<string, unknown> = {}, target?: LogTarget): BaileysLogger {
  const threshold = Math.max(LEVELS[level] ?? LEVELS.info, LEVELS.warn);
  const write = (at: number) => (obj: unknown, msg?: string) => {
    if (at < threshold) return;
    const fields: Record<string, unknown> = { ...bindings, ...(obj instanceof Error ? { err: obj } : typeof obj === "object" && obj ? safeFields(obj as Record<string, unknown>) : { detail: String(obj) }) };
    if (target) return target[at >= LEVELS.error ? "error" : "warn"](fields, msg);
    const err = fields.err instanceof Error ? { err: safeError(fields.err) } : {};
    process.stderr.write(`${JSON.stringify({ level: at, time: Date.now(), ...fields, ...err, ...(msg ? { msg } : {}) })}\n`);
  };
  return {
    level: threshold === Infinity ? "silent" : "warn",
    child: (more) => channelLogger(level, { ...bindings, ...more }, target),
    trace: write(LEVELS.trace),
    debug: write(LEVELS.debug),
    info: write(LEVELS.info),
    warn: write(LEVELS.warn),
    error: write(LEVELS.error),
  };
}

/** Top-level fields of a Baileys log object, with binary data reduced to its size. */
function safeFields(obj: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (Buffer.isBuffer(v) || v instanceof Uint8Array) out[k] = `<${v.length} bytes>`;
    else out[k] = v;
  }
  return out;
}

import { AppError } from "../../http/errors";
import type { ChannelAdapter, MediaFile, ReactionTarget, SendOptions, SentMessage } from "../contract";
import type { SessionPlace } from "../lease";
import { ANY_HOLDER, SessionMoved, SessionUnreachable, type SessionOp, type SessionRequest, type SessionRequests } from "./sessionRequests";

/** Where a connection's session runs, as the manager knows it. */
export interface SessionRouting {
  whereIs(whatsappId: number): Promise<SessionPlace>;
  /** Whether this process may run sessions itself (a web process may not). */
  runsSessions: boolean;
  requests: SessionRequests;
}

/** Looking the holder up again after a "moved" answer: enough for a takeover in progress. */
const ATTEMPTS = 3;

/**
 * A connection whose live session (WhatsApp Web) runs in one server process, used from any
 * process: each call runs on the local adapter when the session is held here, and is carried to
 * the holding process otherwise, its answer coming back as if local. Held by nobody: starting or
 * ending it runs here (or in any process that may run sessions); a send waits, unsent, when the
 * connection was up (between two holders), and fails as not started otherwise.
 */
export class RoutedAdapter implements ChannelAdapter {
  constructor(
    private readonly whatsapp: { id: number; companyId: number },
    readonly kind: string,
    private readonly local: () => ChannelAdapter,
    private readonly routing: SessionRouting,
  ) {}

  private async run<T>(op: SessionOp, args: unknown[], here: (adapter: ChannelAdapter) => Promise<T>, media?: Buffer): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const place = await this.routing.whereIs(this.whatsapp.id);
      if (place.at === "here") return here(this.local());
      const holder = place.at === "elsewhere" ? place.owner : ANY_HOLDER;
      if (place.at === "nowhere") {
        if (op === "connect" || op === "disconnect") {
          // nobody runs it: this process starts or ends it, or asks one that may
          if (this.routing.runsSessions) return here(this.local());
        } else if (place.up) {
          throw new SessionUnreachable(false); // its holder is gone and the next one has not taken it yet
        } else if (this.routing.runsSessions) {
          return here(this.local());
        } else {
          throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
        }
      }
      try {
        return (await this.routing.requests.request(holder, { whatsappId: this.whatsapp.id, companyId: this.whatsapp.companyId, op, args, media })) as T;
      } catch (err) {
        if (!(err instanceof SessionMoved)) throw err;
        if (attempt >= ATTEMPTS) throw new SessionUnreachable(false);
      }
    }
  }

  connect() {
    return this.run("connect", [], (a) => a.connect());
  }

  disconnect() {
    return this.run("disconnect", [], (a) => a.disconnect());
  }

  /** Only this process's own resources: the holder's session is its own business. */
  close() {
    return this.local().close();
  }

  sendText(to: string, body: string, options?: SendOptions) {
    return this.run<SentMessage>("sendText", [to, body, options ?? {}], (a) => a.sendText(to, body, options));
  }

  sendMedia(to: string, file: MediaFile, caption: string, options?: SendOptions) {
    const meta = { filename: file.filename, mimetype: file.mimetype };
    return this.run<SentMessage>("sendMedia", [to, meta, caption, options ?? {}], (a) => a.sendMedia(to, file, caption, options), file.data);
  }

  deleteMessage(to: string, externalId: string) {
    return this.run("deleteMessage", [to, externalId], (a) => a.deleteMessage(to, externalId));
  }

  sendReaction(to: string, target: ReactionTarget, emoji: string) {
    return this.run("sendReaction", [to, target, emoji], async (a) => {
      if (!a.sendReaction) throw new AppError("ERR_SENDING_WAPP_MSG", 400);
      return a.sendReaction(to, target, emoji);
    });
  }

  markRead(from: string, externalIds: string[]) {
    return this.run("markRead", [from, externalIds], (a) => a.markRead(from, externalIds));
  }

  checkNumber(number: string) {
    return this.run<boolean>("checkNumber", [number], async (a) => {
      if (!a.checkNumber) return true; // unreachable for a session channel; the contract makes it optional
      return a.checkNumber(number);
    });
  }
}

/** The holder's side: runs a carried request on its own adapter of the connection. */
export async function performRequest(adapter: ChannelAdapter, { op, args, media }: SessionRequest): Promise<unknown> {
  const [a, b, c, d] = args as [never, never, never, never];
  switch (op) {
    case "connect":
      return adapter.connect();
    case "disconnect":
      return adapter.disconnect();
    case "sendText":
      return adapter.sendText(a, b, c);
    case "sendMedia": {
      const meta = b as { filename: string; mimetype: string };
      return adapter.sendMedia(a, { data: media ?? Buffer.alloc(0), filename: meta.filename, mimetype: meta.mimetype }, c, d);
    }
    case "deleteMessage":
      return adapter.deleteMessage(a, b);
    case "markRead":
      return adapter.markRead(a, b);
    case "sendReaction":
      if (!adapter.sendReaction) throw new AppError("ERR_SENDING_WAPP_MSG", 400);
      return adapter.sendReaction(a, b, c);
    case "checkNumber":
      return adapter.checkNumber ? adapter.checkNumber(a) : true;
    default:
      throw new Error(`unknown session request ${String(op)}`);
  }
}

import { perApp } from "../../context";
import { SendLater } from "../contract";

/** Meta's default throughput of a Cloud API number: 80 messages a second. */
export const DEFAULT_MESSAGES_PER_SECOND = 80;

/**
 * Graph's answers that mean "slow down" rather than "refused": throughput (130429), pair rate
 * (131056), the business account's and the app's rate limits (80007, 80008, 4, 17, 32, 613).
 */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80007, 80008, 130429, 131056]);
const PAIR_RATE_LIMIT = 131056;

/**
 * Sends of this process, paced so that Graph is not asked faster than it allows: per Cloud
 * number, its messages per second; per number and customer, Meta's pair rate (one message every
 * 6 s, in bursts of up to 45). Each limit is a GCRA bucket: the time its next send may go.
 * A send that would wait longer than `inlineWaitMs` is turned back (SendLater) for the outbox
 * to send again, so a long wait holds nothing in memory.
 */
export class CloudPacing {
  pairIntervalMs = 6_000;
  pairBurst = 45;
  inlineWaitMs = 10_000;
  private readonly next = new Map<string, number>();

  /** How long until a send may go on this bucket (0: now). */
  private waitOn(key: string, intervalMs: number, burst: number, now: number) {
    const tat = Math.max(this.next.get(key) ?? now, now);
    return Math.max(0, tat - (burst - 1) * intervalMs - now);
  }

  private take(key: string, intervalMs: number, at: number) {
    this.next.set(key, Math.max(this.next.get(key) ?? at, at) + intervalMs);
  }

  /** Waits for this send's turn on the number and on the pair, or throws SendLater when that is far. */
  async turn(connectionId: number, to: string, messagesPerSecond: number) {
    const now = Date.now();
    const numberKey = `n:${connectionId}`;
    const pairKey = `p:${connectionId}:${to}`;
    const numberInterval = 1000 / Math.max(1, messagesPerSecond);
    const wait = Math.max(this.waitOn(pairKey, this.pairIntervalMs, this.pairBurst, now), this.waitOn(numberKey, numberInterval, Math.max(1, Math.floor(messagesPerSecond)), now));
    if (wait > this.inlineWaitMs) throw new SendLater(wait, "paced");
    this.take(pairKey, this.pairIntervalMs, now + wait);
    this.take(numberKey, numberInterval, now + wait);
    this.forgetPast(now);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** Buckets whose next time has passed are as good as new: dropped, so the map stays small. */
  private forgetPast(now: number) {
    if (this.next.size < 10_000) return;
    for (const [key, at] of this.next) if (at <= now) this.next.delete(key);
  }

  /** A Graph error that asks to slow down, as a SendLater (honouring Retry-After); undefined for any other. */
  laterFor(err: { status: number; code: number | undefined; retryAfterMs?: number }): SendLater | undefined {
    if (!(err.code !== undefined ? RATE_LIMIT_CODES.has(err.code) : err.status === 429)) return undefined;
    const pair = err.code === PAIR_RATE_LIMIT ? this.pairIntervalMs : 0;
    const after = Math.max(err.retryAfterMs ?? 0, pair);
    return new SendLater(after || undefined, `Graph ${err.code ?? err.status}`);
  }
}

export const cloudPacing = perApp(() => new CloudPacing());

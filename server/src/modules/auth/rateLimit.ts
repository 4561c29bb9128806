import { setTimeout as sleep } from "node:timers/promises";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { AppError } from "../../http/errors";

const WINDOW_SECONDS = 15 * 60;

export interface LoginLimits {
  /** Attempts per client address in the window, whatever the email. */
  maxPerIp: number;
  /** Failures per (email, address) pair in the window; the pair is then refused. */
  maxFailsPerEmailIp: number;
  /** Failures per email from all addresses in the window before attempts on it are slowed down. */
  maxFailsPerEmail: number;
  /** First delay once the email is over its failures; it doubles with each further failure. */
  delayMs: number;
  maxDelayMs: number;
  redis?: Redis;
}

/** The wait before verifying a password of an email that failed `failures` times in the window. */
export function loginDelay(failures: number, limits: Pick<LoginLimits, "maxFailsPerEmail" | "delayMs" | "maxDelayMs">) {
  const over = failures - limits.maxFailsPerEmail;
  if (over < 0 || limits.delayMs === 0) return 0;
  return Math.min(limits.delayMs * 2 ** Math.min(over, 30), limits.maxDelayMs);
}

/**
 * Login attempts. A guesser is stopped per (email, address) pair and per address; attacks on one
 * email from many addresses only slow its logins down, so nobody can lock an owner out.
 * Each attempt counts as a failure until it succeeds, so a burst sent at once is counted too.
 */
export class LoginLimiter {
  private perIp: RateLimiterAbstract;
  private perPair: RateLimiterAbstract;
  private perEmail: RateLimiterAbstract;

  constructor(private limits: LoginLimits) {
    const make = (keyPrefix: string, points: number) =>
      limits.redis ? new RateLimiterRedis({ storeClient: limits.redis, keyPrefix, points, duration: WINDOW_SECONDS }) : new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS });
    this.perIp = make("login_ip", limits.maxPerIp);
    this.perPair = make("login_pair", limits.maxFailsPerEmailIp);
    // a counter only: it never refuses
    this.perEmail = make("login_email_fails", Number.MAX_SAFE_INTEGER);
  }

  /** Refuses a blocked pair or address, waits as long as the email's failures ask, and answers how to close the attempt. */
  async begin(ip: string, email: string) {
    const pair = `${email}\n${ip}`;
    await consumeOrRefuse(this.perPair, pair);
    try {
      await consumeOrRefuse(this.perIp, ip);
    } catch (err) {
      await this.perPair.reward(pair, 1);
      throw err;
    }
    const counted = await this.perEmail.consume(email);
    const delay = loginDelay(counted.consumedPoints - 1, this.limits);
    if (delay) await sleep(delay);
    return {
      succeeded: async () => {
        await Promise.all([this.perPair.delete(pair), this.perEmail.reward(email, 1)]);
      },
    };
  }
}

/** Takes a point of `key`; past the limit, 429 with how long to wait. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string) {
  try {
    await limiter.consume(key);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) });
    throw res;
  }
}

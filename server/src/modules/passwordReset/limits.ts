import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { consumeOrRefuse } from "../auth/rateLimit";

const WINDOW_SECONDS = 60 * 60;

export interface ResetLimits {
  /** Codes asked for one email address in the window (each one mails its owner). */
  maxPerEmail: number;
  /** Asks and tries from one client address in the window, whatever the emails. */
  maxPerIp: number;
  redis?: Redis;
}

/** Password reset requests, counted like login attempts: per address asked and per client address; 429 past either. */
export class ResetLimiter {
  private perEmail: RateLimiterAbstract;
  private perIp: RateLimiterAbstract;

  constructor(limits: ResetLimits) {
    const make = (keyPrefix: string, points: number) =>
      limits.redis ? new RateLimiterRedis({ storeClient: limits.redis, keyPrefix, points, duration: WINDOW_SECONDS }) : new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS });
    this.perEmail = make("pwreset_email", limits.maxPerEmail);
    this.perIp = make("pwreset_ip", limits.maxPerIp);
  }

  async ask(ip: string, email: string) {
    await consumeOrRefuse(this.perIp, ip);
    await consumeOrRefuse(this.perEmail, email);
  }

  async tryCode(ip: string) {
    await consumeOrRefuse(this.perIp, ip);
  }
}

import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { AppError } from "../../http/errors";

const WINDOW_SECONDS = 15 * 60;

/** Login attempts: every attempt counts per IP; failures count per email. */
export class LoginLimiter {
  private perIp: RateLimiterAbstract;
  private perEmail: RateLimiterAbstract;

  constructor(opts: { maxPerIp: number; maxFailsPerEmail: number; redis?: Redis }) {
    const make = (keyPrefix: string, points: number) =>
      opts.redis
        ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix, points, duration: WINDOW_SECONDS })
        : new RateLimiterMemory({ keyPrefix, points, duration: WINDOW_SECONDS });
    this.perIp = make("login_ip", opts.maxPerIp);
    this.perEmail = make("login_email", opts.maxFailsPerEmail);
  }

  async beforeAttempt(ip: string, email: string) {
    const emailState = await this.perEmail.get(email);
    if (emailState && emailState.remainingPoints <= 0) throw tooMany(emailState);
    try {
      await this.perIp.consume(ip);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooMany(res);
      throw res;
    }
  }

  async failed(email: string) {
    await this.perEmail.consume(email).catch((res) => {
      if (!(res instanceof RateLimiterRes)) throw res;
    });
  }

  async succeeded(email: string) {
    await this.perEmail.delete(email);
  }
}

const tooMany = (res: RateLimiterRes) =>
  new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000) });

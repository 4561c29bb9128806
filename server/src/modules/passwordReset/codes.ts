import crypto from "node:crypto";
import type { Redis } from "ioredis";
import { RESET_CODE_LENGTH, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES } from "@balcao/common";

export const RESET_CODE_TTL_MS = RESET_CODE_TTL_MINUTES * 60_000;

/** What a try of a code found: the right code (now spent), a wrong one, or no live code at all. */
export type CodeCheck = "ok" | "wrong" | "none";

/**
 * The live reset code of each user, kept as an HMAC (never the digits) with its expiry and wrong
 * tries: in memory for a single process, in Redis when several share the work (as login limits are).
 * A code lives 15 minutes; a newer one replaces it; the right code is spent by its first use.
 */
export interface ResetCodeStore {
  put(userId: number, hash: string, expiresAtMs: number): Promise<void>;
  /** Spends the code when `hash` is its own; counts a wrong try and kills the code at the last one. */
  check(userId: number, hash: string, nowMs: number): Promise<CodeCheck>;
  drop(userId: number): Promise<void>;
}

export const newResetCode = () => crypto.randomInt(0, 10 ** RESET_CODE_LENGTH).toString().padStart(RESET_CODE_LENGTH, "0");

/** Keyed by the server's secret: a leaked store gives nothing a million guesses could turn back into a code. */
export const hashResetCode = (key: string, userId: number, code: string) => crypto.createHmac("sha256", key).update(`password-reset\n${userId}\n${code}`).digest("hex");

export class MemoryCodeStore implements ResetCodeStore {
  private codes = new Map<number, { hash: string; expiresAtMs: number; tries: number }>();

  async put(userId: number, hash: string, expiresAtMs: number) {
    this.prune(Date.now());
    this.codes.set(userId, { hash, expiresAtMs, tries: 0 });
  }

  async check(userId: number, hash: string, nowMs: number): Promise<CodeCheck> {
    const code = this.codes.get(userId);
    if (!code || code.expiresAtMs <= nowMs) {
      this.codes.delete(userId);
      return "none";
    }
    if (crypto.timingSafeEqual(Buffer.from(code.hash), Buffer.from(hash))) {
      this.codes.delete(userId);
      return "ok";
    }
    if (++code.tries >= RESET_CODE_MAX_TRIES) this.codes.delete(userId);
    return "wrong";
  }

  async drop(userId: number) {
    this.codes.delete(userId);
  }

  private prune(nowMs: number) {
    for (const [userId, code] of this.codes) if (code.expiresAtMs <= nowMs) this.codes.delete(userId);
  }
}

/** One script, so two tries sent together never both count as the first, nor both spend the code. */
const CHECK_SCRIPT = `
local hash = redis.call('HGET', KEYS[1], 'hash')
local expires = tonumber(redis.call('HGET', KEYS[1], 'expires') or '0')
if not hash or expires <= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) return 'none' end
if hash == ARGV[1] then redis.call('DEL', KEYS[1]) return 'ok' end
local tries = redis.call('HINCRBY', KEYS[1], 'tries', 1)
if tries >= tonumber(ARGV[3]) then redis.call('DEL', KEYS[1]) end
return 'wrong'`;

export class RedisCodeStore implements ResetCodeStore {
  constructor(private redis: Redis) {}

  private key = (userId: number) => `password_reset:${userId}`;

  async put(userId: number, hash: string, expiresAtMs: number) {
    const key = this.key(userId);
    await this.redis.multi().del(key).hset(key, { hash, expires: String(expiresAtMs), tries: "0" }).pexpireat(key, expiresAtMs).exec();
  }

  async check(userId: number, hash: string, nowMs: number): Promise<CodeCheck> {
    return (await this.redis.eval(CHECK_SCRIPT, 1, this.key(userId), hash, String(nowMs), String(RESET_CODE_MAX_TRIES))) as CodeCheck;
  }

  async drop(userId: number) {
    await this.redis.del(this.key(userId));
  }
}

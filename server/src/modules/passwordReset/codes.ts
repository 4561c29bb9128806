import crypto from "node:crypto";
import { eq, lte } from "drizzle-orm";
import { RESET_CODE_LENGTH, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES } from "@balcao/common";
import type { Db } from "../../db/client";
import { passwordResetCodes } from "../../db/schema";

const RESET_CODE_TTL_MS = RESET_CODE_TTL_MINUTES * 60_000;

/** What a try of a code found: the right code (now spent), a wrong one, or no live code at all. */
export type CodeCheck = "ok" | "wrong" | "none";

export const newResetCode = () =>
  crypto
    .randomInt(0, 10 ** RESET_CODE_LENGTH)
    .toString()
    .padStart(RESET_CODE_LENGTH, "0");

/** Keyed by the server's secret: a leaked table gives nothing a million guesses could turn back into a code. */
export const hashResetCode = (key: string, userId: number, code: string) => crypto.createHmac("sha256", key).update(`password-reset\n${userId}\n${code}`).digest("hex");

const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The live reset code of each user, in the database (`password_reset_codes`): it outlives a
 * restart and every process of a deployment sees the same one. Kept as an HMAC (never the digits)
 * with its expiry and wrong tries. A code lives 15 minutes; a newer one replaces it; the right code
 * is spent by its first use; the last wrong try kills it. Expired rows go when a code is asked for.
 */
export class ResetCodeStore {
  constructor(private readonly db: Db) {}

  async put(user: { id: number; companyId: number }, hash: string, nowMs: number) {
    const now = new Date(nowMs);
    const code = { companyId: user.companyId, codeHash: hash, expiresAt: new Date(nowMs + RESET_CODE_TTL_MS), tries: 0, usedAt: null, createdAt: now };
    await this.db.delete(passwordResetCodes).where(lte(passwordResetCodes.expiresAt, now));
    await this.db
      .insert(passwordResetCodes)
      .values({ userId: user.id, ...code })
      .onConflictDoUpdate({ target: passwordResetCodes.userId, set: code });
  }

  /** Spends the code when `hash` is its own; counts a wrong try. The row is locked, so two tries sent together are counted one after the other. */
  async check(userId: number, hash: string, nowMs: number): Promise<CodeCheck> {
    return this.db.transaction(async (tx) => {
      const [code] = await tx.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId)).for("update");
      if (!code || code.usedAt || code.tries >= RESET_CODE_MAX_TRIES || code.expiresAt.getTime() <= nowMs) return "none";
      if (sameHash(code.codeHash, hash)) {
        await tx
          .update(passwordResetCodes)
          .set({ usedAt: new Date(nowMs) })
          .where(eq(passwordResetCodes.userId, userId));
        return "ok";
      }
      await tx
        .update(passwordResetCodes)
        .set({ tries: code.tries + 1 })
        .where(eq(passwordResetCodes.userId, userId));
      return "wrong";
    });
  }

  async drop(userId: number) {
    await this.db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
  }
}

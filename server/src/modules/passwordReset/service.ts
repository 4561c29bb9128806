import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import { userSessions, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { command } from "../../events/command";
import type { Mailer } from "../../mail/mailer";
import { hashPassword } from "../auth/passwords";
import { hashResetCode, newResetCode, type ResetCodeStore } from "./codes";
import type { ResetLimiter } from "./limits";
import type { Language } from "@balcao/common";
import { resetCodeMail } from "./mailText";
import { passwordReset } from "./events";

export interface PasswordResetDeps {
  mailer: Mailer | null;
  codes: ResetCodeStore;
  limiter: ResetLimiter;
  /** Milliseconds since the epoch; tests move it to see a code expire. */
  now: () => number;
}

const invalidCode = () => new AppError("ERR_INVALID_RESET_CODE", 400);

async function userByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select({ id: users.id, companyId: users.companyId, name: users.name, email: users.email }).from(users).where(eq(users.email, email));
  return user;
}

/** Mails a new six-digit code to the user of `email` (the previous one dies); 404 for an email nobody has. */
export async function sendResetCode(ctx: AppContext, deps: PasswordResetDeps, email: string, meta: { ip: string; language: Language }) {
  if (!deps.mailer) throw new AppError("ERR_MAIL_NOT_CONFIGURED", 503);
  await deps.limiter.ask(meta.ip, email);
  const user = await userByEmail(ctx, email);
  if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  const code = newResetCode();
  await deps.codes.put(user, hashResetCode(ctx.secrets.jwtRefreshSecret, user.id, code), deps.now());
  try {
    await deps.mailer.send({ to: user.email, ...resetCodeMail(meta.language, user.name, code) });
  } catch (err) {
    await deps.codes.drop(user.id);
    // the SMTP server's answer may quote the recipient: only its kind and code are logged
    ctx.log?.warn({ err: { type: (err as Error)?.name, code: (err as { code?: unknown })?.code, responseCode: (err as { responseCode?: unknown })?.responseCode } }, "password reset mail not sent");
    throw new AppError("ERR_MAIL_NOT_SENT", 503);
  }
}

/** Sets the new password when `code` is the user's live one, and closes every session of the user. */
export async function resetPassword(ctx: AppContext, deps: PasswordResetDeps, body: { email: string; token: string; password: string }, meta: { ip: string }) {
  await deps.limiter.tryCode(meta.ip);
  const user = await userByEmail(ctx, body.email);
  if (!user) throw invalidCode();
  const checked = await deps.codes.check(user.id, hashResetCode(ctx.secrets.jwtRefreshSecret, user.id, body.token), deps.now());
  if (checked !== "ok") throw invalidCode();
  const passwordHash = await hashPassword(body.password);
  await command(ctx, async (tx, events) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    const closed = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(userSessions.userId, user.id), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    events.add(
      passwordReset(
        user,
        meta.ip,
        closed.map((s) => s.id),
      ),
    );
  });
}

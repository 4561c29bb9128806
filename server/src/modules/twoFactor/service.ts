import crypto from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { AppContext, Caller } from "../../context";
import { companyTwoFactorPolicies, platformTwoFactorPolicy, twoFactorChallenges, userRecoveryCodes, userTwoFactors, users } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { seal, unseal } from "../../channels/sealing";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import type { Actor } from "../../events/types";
import { authorize, requireSuper } from "../../policies";
import { verifyPassword } from "../auth/passwords";
import type { LoginLimiter } from "../auth/rateLimit";
import { twoFactorChanged, twoFactorPolicyUpdated } from "./events";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const PERIOD = 30;
const ISSUER = "Balcão";
const RECOVERY_CODES = 10;

const invalidCode = () => new AppError("ERR_INVALID_2FA_CODE", 400, { field: "code" });
const invalidChallenge = () => new AppError("ERR_2FA_CHALLENGE_INVALID", 400, { field: "challenge" });

const totpOf = (secretBase32: string, label: string) => new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secretBase32) });

const hashRecovery = (code: string) =>
  crypto
    .createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("hex");

/** `xxxxx-xxxxx`: ten lowercase letters and digits, shown once. */
function newRecoveryCode() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from(crypto.randomBytes(10), (b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

type Db = AppContext["db"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function userRow(db: Db | Tx, userId: number) {
  const [row] = await db.select({ id: users.id, companyId: users.companyId, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("ERR_NO_USER_FOUND");
  return row;
}

async function factorOf(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(userTwoFactors).where(eq(userTwoFactors.userId, userId));
  return row;
}

/** Whether the user's company, or the platform, requires a second factor. */
export async function isRequired(db: Db, companyId: number) {
  const [[company], [platform]] = await Promise.all([
    db.select({ required: companyTwoFactorPolicies.required }).from(companyTwoFactorPolicies).where(eq(companyTwoFactorPolicies.companyId, companyId)),
    db.select({ required: platformTwoFactorPolicy.required }).from(platformTwoFactorPolicy).where(eq(platformTwoFactorPolicy.id, 1)),
  ]);
  return { company: company?.required ?? false, platform: platform?.required ?? false };
}

/** After the right password: whether a second step is asked, and its challenge. */
export async function challengeAfterPassword(ctx: AppContext, user: { id: number; companyId: number }) {
  const factor = await factorOf(ctx.db, user.id);
  const enabled = !!factor?.enabledAt;
  if (!enabled) {
    const required = await isRequired(ctx.db, user.companyId);
    if (!required.company && !required.platform) return null;
  }
  const [row] = await ctx.db
    .insert(twoFactorChallenges)
    .values({ userId: user.id, companyId: user.companyId, enrolment: !enabled, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) })
    .returning({ id: twoFactorChallenges.id });
  // the dead ones go with each new one
  await ctx.db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date(Date.now() - CHALLENGE_TTL_MS)));
  return enabled ? { twoFactorRequired: true as const, challenge: row.id } : { twoFactorRequired: true as const, enrolmentRequired: true as const, challenge: row.id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function liveChallenge(db: Db, challenge: string) {
  if (!UUID.test(challenge)) throw invalidChallenge();
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.id, challenge), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, new Date())));
  if (!row) throw invalidChallenge();
  return row;
}

/** The time step of a right TOTP code (one step of drift either way), or null. */
function acceptedStep(secretBase32: string, code: string) {
  const delta = totpOf(secretBase32, "").validate({ token: code, window: 1 });
  return delta === null ? null : Math.floor(Date.now() / 1000 / PERIOD) + delta;
}

/** Checks a TOTP code (once per time step) or spends a recovery code; false when neither is good. */
async function spendCode(db: Db | Tx, dataDir: string, userId: number, code: string, allowRecovery = true): Promise<boolean> {
  const factor = await factorOf(db, userId);
  if (!factor) return false;
  const trimmed = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(trimmed)) {
    const step = acceptedStep(unseal(dataDir, factor.secret), trimmed);
    if (step === null) return false;
    const taken = await db
      .update(userTwoFactors)
      .set({ lastStep: step })
      .where(and(eq(userTwoFactors.userId, userId), or(isNull(userTwoFactors.lastStep), lt(userTwoFactors.lastStep, step))))
      .returning({ userId: userTwoFactors.userId });
    return taken.length === 1;
  }
  if (!allowRecovery || !factor.enabledAt) return false;
  const spent = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, hashRecovery(trimmed)), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return spent.length === 1;
}

async function replaceRecoveryCodes(tx: Tx, user: { id: number; companyId: number }) {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
  await tx.insert(userRecoveryCodes).values(codes.map((c) => ({ userId: user.id, companyId: user.companyId, codeHash: hashRecovery(c) })));
  return codes;
}

/** A fresh secret for the user (replacing one not yet confirmed): the otpauth:// URI and its base32 for manual entry. */
async function startEnrolment(ctx: AppContext, user: { id: number; companyId: number; email: string }) {
  const factor = await factorOf(ctx.db, user.id);
  if (factor?.enabledAt) throw new AppError("ERR_2FA_ALREADY_ENABLED", 400);
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const sealed = seal(ctx.config.dataDir, secret);
  await ctx.db
    .insert(userTwoFactors)
    .values({ userId: user.id, companyId: user.companyId, secret: sealed })
    .onConflictDoUpdate({ target: userTwoFactors.userId, set: { secret: sealed, lastStep: null, enabledAt: null } });
  return { uri: totpOf(secret, user.email).toString(), secret };
}

/** The first right code turns the authenticator on; the ten recovery codes are answered this once. */
async function confirmEnrolment(ctx: AppContext, user: { id: number; companyId: number; email: string }, code: string, actor: Actor) {
  const factor = await factorOf(ctx.db, user.id);
  if (!factor) throw new AppError("ERR_2FA_NOT_ENABLED", 400);
  if (factor.enabledAt) throw new AppError("ERR_2FA_ALREADY_ENABLED", 400);
  return command(ctx, async (tx, events) => {
    if (!(await spendCode(tx, ctx.config.dataDir, user.id, code, false))) throw invalidCode();
    await tx.update(userTwoFactors).set({ enabledAt: new Date() }).where(eq(userTwoFactors.userId, user.id));
    const recoveryCodes = await replaceRecoveryCodes(tx, user);
    events.add(twoFactorChanged("twoFactorEnabled", user, actor));
    return recoveryCodes;
  });
}

/** The state of the caller's second factor and whether one is required. */
export async function status(ctx: AppContext, caller: Caller) {
  const [factor, required] = await Promise.all([factorOf(ctx.db, caller.id), isRequired(ctx.db, caller.companyId)]);
  const [{ left }] = await ctx.db
    .select({ left: sql<number>`count(*)::int` })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, caller.id), isNull(userRecoveryCodes.usedAt)));
  return {
    enabled: !!factor?.enabledAt,
    enabledAt: factor?.enabledAt ?? null,
    recoveryCodesLeft: factor?.enabledAt ? left : 0,
    required: required.company || required.platform,
    companyRequired: required.company,
    platformRequired: required.platform,
  };
}

export const enrol = async (ctx: AppContext, caller: Caller) => startEnrolment(ctx, await userRow(ctx.db, caller.id));

export const confirm = async (ctx: AppContext, caller: Caller, code: string) => ({ recoveryCodes: await confirmEnrolment(ctx, await userRow(ctx.db, caller.id), code, actorOf(caller)) });

/** A current code or the password proves the caller is the owner, for disabling or renewing. */
async function proveOwner(ctx: AppContext, limiter: LoginLimiter, caller: Caller, proof: { code?: string; password?: string }) {
  const user = await userRow(ctx.db, caller.id);
  const factor = await factorOf(ctx.db, caller.id);
  if (!factor?.enabledAt) throw new AppError("ERR_2FA_NOT_ENABLED", 400);
  const attempt = await limiter.begin(caller.ip ?? "", user.email);
  const ok = proof.code ? await spendCode(ctx.db, ctx.config.dataDir, user.id, proof.code) : proof.password ? await verifyPassword(user.passwordHash, proof.password) : false;
  if (!ok) throw proof.password && !proof.code ? new AppError("ERR_INVALID_CREDENTIALS", 400, { field: "password" }) : invalidCode();
  await attempt.succeeded();
  return user;
}

export async function disable(ctx: AppContext, limiter: LoginLimiter, caller: Caller, proof: { code?: string; password?: string }) {
  const user = await proveOwner(ctx, limiter, caller, proof);
  await command(ctx, async (tx, events) => {
    await tx.delete(userTwoFactors).where(eq(userTwoFactors.userId, user.id));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    events.add(twoFactorChanged("twoFactorDisabled", user, actorOf(caller)));
  });
  return { enabled: false as const };
}

export async function renewRecoveryCodes(ctx: AppContext, limiter: LoginLimiter, caller: Caller, proof: { code?: string; password?: string }) {
  const user = await proveOwner(ctx, limiter, caller, proof);
  const recoveryCodes = await command(ctx, async (tx, events) => {
    const codes = await replaceRecoveryCodes(tx, user);
    events.add(twoFactorChanged("twoFactorRecoveryCodesRenewed", user, actorOf(caller)));
    return codes;
  });
  return { recoveryCodes };
}

/** An admin turns off the second factor of a user of their company (a super user: of any company). */
export async function reset(ctx: AppContext, caller: Caller, userId: number) {
  authorize(caller, "users:manage");
  const [user] = await ctx.db
    .select({ id: users.id, companyId: users.companyId, email: users.email })
    .from(users)
    .where(caller.super ? eq(users.id, userId) : and(eq(users.id, userId), eq(users.companyId, caller.companyId)));
  if (!user) throw notFound("ERR_NO_USER_FOUND");
  await command(ctx, async (tx, events) => {
    await tx.delete(userTwoFactors).where(eq(userTwoFactors.userId, user.id));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, user.id));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
    events.add(twoFactorChanged("twoFactorReset", user, actorOf(caller)));
  });
  return { enabled: false as const };
}

export async function setCompanyPolicy(ctx: AppContext, caller: Caller, required: boolean) {
  authorize(caller, "settings:update");
  await command(ctx, async (tx, events) => {
    await tx
      .insert(companyTwoFactorPolicies)
      .values({ companyId: caller.companyId, required })
      .onConflictDoUpdate({ target: companyTwoFactorPolicies.companyId, set: { required, updatedAt: new Date() } });
    events.add(twoFactorPolicyUpdated(caller.companyId, required, actorOf(caller)));
  });
  return policy(ctx, caller);
}

export async function setPlatformPolicy(ctx: AppContext, caller: Caller, required: boolean) {
  requireSuper(caller);
  await command(ctx, async (tx, events) => {
    await tx
      .insert(platformTwoFactorPolicy)
      .values({ id: 1, required })
      .onConflictDoUpdate({ target: platformTwoFactorPolicy.id, set: { required, updatedAt: new Date() } });
    events.add(twoFactorPolicyUpdated(null, required, actorOf(caller)));
  });
  return policy(ctx, caller);
}

export async function policy(ctx: AppContext, caller: Caller) {
  const required = await isRequired(ctx.db, caller.companyId);
  return { companyRequired: required.company, platformRequired: required.platform };
}

/** The enrolment asked by a challenge (a required second factor the user has not set up yet). */
export async function enrolWithChallenge(ctx: AppContext, challenge: string) {
  const row = await liveChallenge(ctx.db, challenge);
  if (!row.enrolment) throw invalidChallenge();
  return startEnrolment(ctx, await userRow(ctx.db, row.userId));
}

/**
 * The second step of a sign-in: the challenge is spent by the right code (or recovery code), and
 * the user is who signs in. Wrong codes count as failed sign-ins of the user's email and address.
 * An enrolment challenge confirms the new authenticator and answers its recovery codes too.
 */
export async function completeChallenge(ctx: AppContext, limiter: LoginLimiter, body: { challenge: string; code: string }, ip: string) {
  const row = await liveChallenge(ctx.db, body.challenge);
  const user = await userRow(ctx.db, row.userId);
  const attempt = await limiter.begin(ip, user.email);
  let recoveryCodes: string[] | undefined;
  if (row.enrolment) {
    const factor = await factorOf(ctx.db, user.id);
    if (!factor || factor.enabledAt) throw invalidChallenge();
    recoveryCodes = await confirmEnrolment(ctx, user, body.code, { userId: user.id, ip });
  } else if (!(await spendCode(ctx.db, ctx.config.dataDir, user.id, body.code))) throw invalidCode();
  const used = await ctx.db
    .update(twoFactorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(twoFactorChallenges.id, row.id), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, new Date())))
    .returning({ id: twoFactorChallenges.id });
  if (used.length !== 1) throw invalidChallenge();
  await attempt.succeeded();
  return { userId: user.id, recoveryCodes };
}

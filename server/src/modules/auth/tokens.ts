import { SignJWT, jwtVerify, errors } from "jose";
import crypto from "node:crypto";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
export const REFRESH_COOKIE = "jrt";

export interface AccessClaims {
  id: number;
  companyId: number;
  profile: string;
  sid: string;
}
export interface RefreshClaims {
  sid: string;
  secret: string;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export function signAccessToken(claims: AccessClaims, secret: string) {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).setSubject(String(claims.id)).setIssuedAt().setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`).sign(key(secret));
}

export type VerifyResult<T> = { ok: true; claims: T } | { ok: false; expired: boolean };

/**
 * Tokens already verified, until they expire: a client presents the same access token on every
 * request for 15 minutes, and checking its signature each time was a visible share of a request's
 * CPU. Only the signature check is skipped; the session is still read on every request.
 */
const verified = new Map<string, { secret: string; claims: AccessClaims; expiresAtMs: number }>();
const VERIFIED_MAX = 10_000;

export async function verifyAccessToken(token: string, secret: string): Promise<VerifyResult<AccessClaims>> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (known.expiresAtMs > Date.now()) return { ok: true, claims: known.claims };
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ["HS256"] });
    const { id, companyId, profile, sid } = payload as Record<string, unknown>;
    if (typeof id !== "number" || typeof companyId !== "number" || typeof sid !== "string") return { ok: false, expired: false };
    const claims = { id, companyId, profile: String(profile), sid };
    if (typeof payload.exp === "number") {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { secret, claims, expiresAtMs: payload.exp * 1000 });
    }
    return { ok: true, claims };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}

/** The refresh token is a JWT naming the session and carrying a one-time secret. */
export function signRefreshToken(claims: RefreshClaims, secret: string) {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime(`${REFRESH_TOKEN_TTL_SECONDS}s`).sign(key(secret));
}

export async function verifyRefreshToken(token: string, secret: string): Promise<RefreshClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ["HS256"] });
    if (typeof payload.sid !== "string" || typeof payload.secret !== "string") return null;
    return { sid: payload.sid, secret: payload.secret };
  } catch {
    return null;
  }
}

export const newRefreshSecret = () => crypto.randomBytes(32).toString("base64url");
/** The secret that follows `secret` in a session's rotation: the same for every refresh that presents it. */
export const nextRefreshSecret = (secret: string, key: string) => crypto.createHmac("sha256", key).update(secret).digest("base64url");
export const hashSecret = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

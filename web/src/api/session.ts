import { STORAGE_KEYS, type AuthResponse, type SessionUser } from "@balcao/common";

/** What survives a reload: the spec's local-storage keys. */
const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.companyId, STORAGE_KEYS.userId, STORAGE_KEYS.companyDueDate, STORAGE_KEYS.cshow];

interface TokenClaims {
  exp?: number;
  iat?: number;
}

/** The token this tab received last (local storage is shared by every tab of the browser). */
let tabToken: string | null = null;

/** True when another tab of this browser has signed in since this tab got its token. */
export const tokenReplacedByOtherTab = () => tabToken !== null && getToken() !== null && getToken() !== tabToken;

/** Local time at which the current token expires, measured from when we received it (immune to clock skew). */
let tokenExpiresAtMs: number | null = null;

function decodeClaims(token: string): TokenClaims | null {
  try {
    const payload = token.split(".")[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    return JSON.parse(json) as TokenClaims;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  const raw = localStorage.getItem(STORAGE_KEYS.token);
  return raw ? raw.replace(/^"|"$/g, "") : null;
}

export function storedUserId(): number | null {
  const raw = localStorage.getItem(STORAGE_KEYS.userId);
  return raw ? Number(raw) : null;
}

export function saveToken(token: string) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  tabToken = token;
  const claims = decodeClaims(token);
  if (claims?.exp && claims.iat) tokenExpiresAtMs = Date.now() + (claims.exp - claims.iat) * 1000;
  else tokenExpiresAtMs = claims?.exp ? claims.exp * 1000 : null;
  listeners.token.forEach((fn) => fn(token));
}

/** True when the token's expiry, less the margin, has passed. */
export function isTokenExpired(token: string | null, marginSeconds: number): boolean {
  if (!token) return true;
  const claims = decodeClaims(token);
  const expiresAt = token === getToken() && tokenExpiresAtMs ? tokenExpiresAtMs : claims?.exp ? claims.exp * 1000 : null;
  if (!expiresAt) return false;
  return Date.now() >= expiresAt - marginSeconds * 1000;
}

const campaignsEnabled = (user: SessionUser) => user.company.settings.some((s) => s.key === "campaignsEnabled" && s.value === "true");

/** Keeps the stored company data of a signed-in user in step with the server's. */
export function saveUserData(user: SessionUser) {
  localStorage.setItem(STORAGE_KEYS.companyId, String(user.companyId));
  localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  if (user.company.dueDate) localStorage.setItem(STORAGE_KEYS.companyDueDate, user.company.dueDate);
  else localStorage.removeItem(STORAGE_KEYS.companyDueDate);
  setCampaignsFlag(campaignsEnabled(user));
}

export function setCampaignsFlag(enabled: boolean) {
  if (enabled) localStorage.setItem(STORAGE_KEYS.cshow, "true");
  else localStorage.removeItem(STORAGE_KEYS.cshow);
}

export const hasCampaignsFlag = () => localStorage.getItem(STORAGE_KEYS.cshow) !== null;

export function saveSession({ token, user }: AuthResponse) {
  saveToken(token);
  saveUserData(user);
}

export function clearSession() {
  tokenExpiresAtMs = null;
  tabToken = null;
  SESSION_KEYS.forEach((key) => localStorage.removeItem(key));
}

type TokenListener = (token: string) => void;
type ExpiredListener = () => void;
const listeners = { token: new Set<TokenListener>(), expired: new Set<ExpiredListener>() };

/** Subscribe to new access tokens (after login or refresh). */
export function onTokenChange(fn: TokenListener) {
  listeners.token.add(fn);
  return () => void listeners.token.delete(fn);
}

/** Subscribe to the end of the session decided by the server (401). */
export function onSessionExpired(fn: ExpiredListener) {
  listeners.expired.add(fn);
  return () => void listeners.expired.delete(fn);
}

export function expireSession() {
  const hadSession = getToken() !== null;
  clearSession();
  if (hadSession) listeners.expired.forEach((fn) => fn());
}

import type { AuthResponse, LoginBody, SessionUser } from "@balcao/common";
import { publicApi } from "./http";
import { getToken, isTokenExpired, saveSession } from "./session";
import { isChallenge, type TwoFactorChallenge } from "./twoFactor";

/** The session, or the challenge of a second factor (no session yet). */
export async function login(body: LoginBody): Promise<AuthResponse | TwoFactorChallenge> {
  const { data } = await publicApi.post<AuthResponse | TwoFactorChallenge>("/auth/login", body);
  if (!isChallenge(data)) saveSession(data);
  return data;
}

let inFlight: Promise<AuthResponse> | null = null;

/**
 * Trades the refresh cookie for a new token. Calls made at the same time share one
 * request, and tabs take turns through a lock: the server closes the session when a
 * refresh secret is presented twice, so two tabs must never refresh with the same cookie.
 */
export function refreshSession(): Promise<AuthResponse> {
  if (inFlight) return inFlight;
  const staleToken = getToken();
  const run = async (): Promise<AuthResponse> => {
    const current = getToken();
    if (current && current !== staleToken && !isTokenExpired(current, 0)) {
      // Another tab refreshed while we waited for the lock: use its token.
      const { data: user } = await publicApi.get<SessionUser>("/auth/me", { headers: { Authorization: `Bearer ${current}` } });
      return { token: current, user };
    }
    const { data } = await publicApi.post<AuthResponse>("/auth/refresh_token");
    return data;
  };
  const locked = typeof navigator !== "undefined" && navigator.locks ? navigator.locks.request("balcao-refresh", run).then((session) => session) : run();
  inFlight = locked
    .then((session) => {
      saveSession(session);
      return session;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export async function logout() {
  const token = getToken();
  await publicApi.delete("/auth/logout", { headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(() => undefined);
}

import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { AuthResponse, LoginBody, SessionUser } from "@balcao/common";
import * as authApi from "../api/auth";
import { isChallenge } from "../api/twoFactor";
import { clearSession, getToken, onSessionExpired, saveUserData } from "../api/session";
import { AuthContext, type AuthContextValue, type AuthStatus } from "./authContext";
import { preloadPageFor } from "./pages";

/** Login lands on the ticket manager (the guards of the public pages do the redirect). */
const LOGIN_LANDING = "/tickets";

/** Holds the session: restored on start from a stored token, ended by logout or a 401. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? "loading" : "anonymous"));
  const [landing, setLanding] = useState<string | null>(null);

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    authApi
      .refreshSession()
      .then((session) => {
        if (cancelled) return;
        setUser(session.user);
        setStatus("authenticated");
      })
      .catch(() => {
        if (cancelled) return;
        clearSession();
        setStatus("anonymous");
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(
    () =>
      onSessionExpired(() => {
        setUser(null);
        setStatus("anonymous");
        queryClient.clear();
      }),
    [queryClient],
  );

  const acceptSession = useCallback((session: AuthResponse) => {
    setLanding(LOGIN_LANDING);
    setUser(session.user);
    setStatus("authenticated");
  }, []);

  const login = useCallback(
    async (body: LoginBody) => {
      preloadPageFor(LOGIN_LANDING);
      const session = await authApi.login(body);
      if (!isChallenge(session)) acceptSession(session);
      return session;
    },
    [acceptSession],
  );

  const logout = useCallback(async () => {
    await authApi.logout();
    clearSession();
    setUser(null);
    setStatus("anonymous");
    queryClient.clear();
  }, [queryClient]);

  const updateUser = useCallback((patch: Partial<SessionUser>) => {
    setUser((current) => {
      if (!current) return current;
      const next = { ...current, ...patch, company: { ...current.company, ...patch.company } };
      saveUserData(next);
      return next;
    });
  }, []);

  const clearLanding = useCallback(() => setLanding(null), []);

  const value = useMemo<AuthContextValue>(() => ({ status, user, login, acceptSession, logout, updateUser, landing, clearLanding }), [status, user, login, acceptSession, logout, updateUser, landing, clearLanding]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

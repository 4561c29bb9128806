import { createContext, useContext } from "react";
import type { AuthResponse, LoginBody, SessionUser } from "@balcao/common";
import type { TwoFactorChallenge } from "../api/twoFactor";

export type AuthStatus = "loading" | "authenticated" | "anonymous";

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** The session, or a second factor's challenge: then `acceptSession` takes the session the code opened. */
  login(body: LoginBody): Promise<AuthResponse | TwoFactorChallenge>;
  /** A session opened by the second step of a sign-in. */
  acceptSession(session: AuthResponse): void;
  logout(): Promise<void>;
  /** Merges fresh data of the signed-in user (profile saved, socket update). */
  updateUser(patch: Partial<SessionUser>): void;
  /** Where the public pages send the user right after a login (/tickets); null otherwise. */
  landing: string | null;
  clearLanding(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

/** The signed-in user, for components that only render inside private routes. */
export function useSessionUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error("useSessionUser without a session");
  return user;
}

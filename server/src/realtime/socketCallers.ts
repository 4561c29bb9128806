import type { Caller } from "../context";

/**
 * What the socket server asks about the people connecting: the auth and users modules answer
 * (wired in app.ts), as they do for HTTP requests.
 */
export interface SocketCallers {
  /** The caller behind a connection's token; throws the AppError an HTTP request would get. */
  resolve(token: string | undefined): Promise<Caller>;
  /** A connected caller as their session and user are now, with their queue ids; null once the session is closed. */
  current(connectedAs: Caller): Promise<{ caller: Caller; queueIds: number[] } | null>;
  /** Marks the caller's user online or offline and tells their company; never throws. */
  setOnline(caller: Caller, online: boolean): Promise<void>;
}

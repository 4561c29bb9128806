import { io, type Socket } from "socket.io-client";
import { CLIENT_EVENTS, SERVER_EVENTS, SOCKET, TICKET_STATUSES } from "@balcao/common";
import { getToken, isTokenExpired, onTokenChange } from "../api/session";

const reloadSoon = () => window.setTimeout(() => window.location.reload(), SOCKET.reloadDelayMs);

const tokenExpired = () => isTokenExpired(getToken(), SOCKET.tokenExpiryMarginSeconds);

const socketUrl = () => import.meta.env.VITE_API_URL ?? window.location.origin;

/**
 * Opens the app's one socket: websocket transport, token in the query, rooms joined
 * after the server's `ready`. Returns null (and reloads the page) when the token has expired.
 */
export function openSocket(): { socket: Socket; close(): void } | null {
  const token = getToken();
  if (!token || tokenExpired()) {
    reloadSoon();
    return null;
  }
  const socket = io(socketUrl(), { transports: ["websocket"], query: { token }, autoConnect: false });
  // Connect after the current task, so a socket closed right away (React's dev double mount) never dials out.
  const dial = window.setTimeout(() => socket.connect(), 0);

  // Reconnections must present the current token, not the one we started with.
  const stopTokenSync = onTokenChange((next) => {
    socket.io.opts.query = { token: next };
  });

  // The server says `ready` on every (re)connection, so the rooms are joined again after a reconnect.
  socket.on(SERVER_EVENTS.ready, () => {
    socket.emit(CLIENT_EVENTS.joinNotification);
    for (const status of TICKET_STATUSES) socket.emit(CLIENT_EVENTS.joinTickets, status);
  });

  socket.on("connect_error", (err) => {
    if (err.message === "Token expired" || tokenExpired()) reloadSoon();
  });

  socket.on("disconnect", (reason) => {
    if (!reason.startsWith("io ") || reason === "io client disconnect") return;
    if (tokenExpired()) {
      reloadSoon();
      return;
    }
    socket.connect();
  });

  const presence = window.setInterval(() => {
    if (socket.connected) socket.emit(CLIENT_EVENTS.userStatus);
  }, SOCKET.presenceIntervalMs);

  return {
    socket,
    close() {
      window.clearTimeout(dial);
      window.clearInterval(presence);
      stopTokenSync();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}

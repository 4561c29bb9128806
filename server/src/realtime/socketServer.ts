import { Server, type Socket } from "socket.io";
import type { Server as HttpServer } from "node:http";
import { CLIENT_EVENTS, SERVER_EVENTS, SOCKET, TICKET_STATUSES, can, rooms, type TicketStatus } from "@balcao/common";
import type { AppContext, Caller } from "../context";
import { AppError } from "../http/errors";
import type { RoomPolicies } from "./roomPolicies";
import type { SocketCallers } from "./socketCallers";
import { coalesceFrames } from "./coalesceFrames";

interface SocketData {
  caller: Caller;
}

/** socket.io on the app's HTTP server: token in the query, rooms joined after the same checks as HTTP. */
export function createSocketServer(httpServer: HttpServer, ctx: AppContext, callers: SocketCallers, policies: RoomPolicies, corsOrigins: string[]) {
  const io = new Server(httpServer, {
    transports: ["websocket"],
    pingInterval: SOCKET.pingIntervalMs,
    pingTimeout: SOCKET.pingTimeoutMs,
    cors: corsOrigins.length ? { origin: corsOrigins, credentials: true } : undefined,
    serveClient: false,
  });
  coalesceFrames(io);

  let stopping = false;
  const leaving = new Set<Promise<unknown>>();
  io.use(async (socket, next) => {
    const raw = socket.handshake.query.token ?? socket.handshake.auth?.token;
    const token = typeof raw === "string" ? raw.replace(/^"|"$/g, "") : undefined;
    try {
      (socket.data as SocketData) = { caller: await callers.resolve(token) };
      next();
    } catch (err) {
      const code = err instanceof AppError ? err.code : "ERR_INTERNAL";
      next(new Error(code === "ERR_INVALID_TOKEN" ? "Token expired" : code));
    }
  });

  io.on("connection", (socket: Socket) => {
    const { caller: connectedAs } = socket.data as SocketData;
    const { companyId } = connectedAs;
    socket.join([rooms.company(companyId), rooms.user(companyId, connectedAs.id), rooms.session(connectedAs.sessionId)]);
    if (connectedAs.profile === "admin") socket.join(rooms.admins(companyId));
    if (connectedAs.super) socket.join(rooms.supers(companyId));
    void callers.setOnline(connectedAs, true);

    /** Every join is checked against the session and the user as they are now, not as they were at connect. */
    const current = async () => {
      const now = await callers.current(connectedAs);
      if (!now) socket.disconnect(true);
      return now;
    };

    socket.on(CLIENT_EVENTS.joinNotification, async () => {
      const now = await current();
      if (!now) return;
      if (can(now.caller.profile, "tickets-manager:showall")) socket.join(rooms.notification(companyId));
      else socket.join(queueRooms(companyId, "notification", now.queueIds, now.caller.allTicket === "enabled"));
    });

    socket.on(CLIENT_EVENTS.joinTickets, async (status: unknown) => {
      if (!isStatus(status)) return socket.emit(SERVER_EVENTS.joinError, { room: "tickets", status });
      const now = await current();
      if (!now) return;
      if (can(now.caller.profile, "tickets-manager:showall")) socket.join(rooms.ticketStatus(companyId, status));
      else socket.join(queueRooms(companyId, status, now.queueIds, true));
    });

    socket.on(CLIENT_EVENTS.leaveTickets, (status: unknown) => {
      if (!isStatus(status)) return;
      socket.leave(rooms.ticketStatus(companyId, status));
      for (const room of socket.rooms) if (room.startsWith(`company-${companyId}-queue-`) && room.endsWith(`-${status}`)) socket.leave(room);
    });

    socket.on(CLIENT_EVENTS.joinChatBox, async (ticketId: unknown) => {
      const id = Number(ticketId);
      const now = Number.isInteger(id) && id > 0 ? await current() : null;
      const allowed = !!now && (await policies.ticket(now.caller, id).catch(() => false));
      if (allowed) socket.join(rooms.ticket(companyId, id));
      else socket.emit(SERVER_EVENTS.joinError, { room: "chatBox", ticketId });
    });

    socket.on(CLIENT_EVENTS.leaveChatBox, (ticketId: unknown) => {
      socket.leave(rooms.ticket(companyId, Number(ticketId)));
    });

    socket.on(CLIENT_EVENTS.userStatus, () => void callers.setOnline(connectedAs, true));

    socket.on("disconnect", () => {
      if (stopping) return;
      const task = (async () => {
        const others = await io
          .in(rooms.user(companyId, connectedAs.id))
          .fetchSockets()
          .catch(() => []);
        if (others.length === 0) await callers.setOnline(connectedAs, false);
      })()
        .catch((err) => ctx.log?.warn({ err }, "presence not updated on disconnect"))
        .finally(() => leaving.delete(task));
      leaving.add(task);
    });

    socket.emit(SERVER_EVENTS.ready);
  });

  /**
   * Closes every socket; presence is not written while the server stops. Presence work begun by an
   * earlier disconnect finishes first: it talks to Redis and the database, both closed right after.
   */
  const stop = async () => {
    stopping = true;
    await Promise.allSettled([...leaving]);
    await new Promise<void>((resolve) => io.close(() => resolve()));
  };
  return { io, stop };
}

const isStatus = (s: unknown): s is TicketStatus => TICKET_STATUSES.includes(s as TicketStatus);

/** Rooms of a non-admin: one per own queue, plus the room of tickets without a queue. */
export function queueRooms(companyId: number, kind: string, queueIds: number[], includeNoQueue: boolean) {
  const list = queueIds.map((q) => rooms.queue(companyId, q, kind));
  if (includeNoQueue) list.push(rooms.queue(companyId, null, kind));
  return list;
}

import type { Socket as TcpSocket } from "node:net";
import type { Server } from "socket.io";

/** What an engine.io socket exposes of its transport: the ws WebSocket, whose `_socket` is the TCP socket. */
interface EngineSocket {
  transport?: { socket?: { _socket?: TcpSocket } };
}

/**
 * Sends the events one client gets at once in one system call instead of one each.
 *
 * Every socket.io event is a WebSocket frame, and the ws library writes each frame with its own
 * `writev`. engine.io keeps the events that arrive while a write is in flight and sends them
 * together in its next flush; this corks the client's TCP socket for that flush and uncorks it
 * right after (same turn of the event loop, so no event waits longer). An inbound message gives an
 * attendant two to four events (the message, its ticket, the bot's answer); at full speed the admin's
 * socket took four in five of the server's writes, and writes were a third of its CPU (bench/README,
 * "… (2026-11-26): events in one write per flush").
 */
export function coalesceFrames(io: Server) {
  io.engine.on("flush", (socket: EngineSocket, packets: unknown[]) => {
    const tcp = socket.transport?.socket?._socket;
    if (packets.length < 2 || !tcp || tcp.writableCorked > 0) return;
    tcp.cork();
    process.nextTick(() => tcp.uncork());
  });
}

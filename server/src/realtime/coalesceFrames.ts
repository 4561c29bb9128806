import { Socket as TcpSocket } from "node:net";
import type { Server } from "socket.io";

/**
 * The client's TCP socket under an engine.io socket, or undefined when it cannot be had.
 *
 * The only place that reads a private field: ws keeps the TCP socket in `WebSocket._socket`. A
 * transport without one (long-polling) or a ws version that renames it gives undefined, and
 * frames are then written as the library writes them.
 */
export function tcpSocketOf(engineSocket: unknown): TcpSocket | undefined {
  const tcp = (engineSocket as { transport?: { socket?: { _socket?: unknown } } } | undefined)?.transport?.socket?._socket;
  return tcp instanceof TcpSocket ? tcp : undefined;
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
 * Conclusions: "events in one write per flush").
 */
export function coalesceFrames(io: Server) {
  io.engine.on("flush", (socket: unknown, packets: unknown[]) => {
    if (packets.length < 2) return;
    const tcp = tcpSocketOf(socket);
    if (!tcp || tcp.writableCorked > 0) return;
    tcp.cork();
    process.nextTick(() => tcp.uncork());
  });
}

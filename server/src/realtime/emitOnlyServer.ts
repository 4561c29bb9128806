import { Server } from "socket.io";

/**
 * A worker's socket.io: no browser connects to it, and its events reach the browsers connected to
 * the web processes through the Redis adapter set on it.
 */
export function createEmitOnlyServer() {
  const io = new Server({ serveClient: false });
  return {
    io,
    async stop() {
      await io.of("/").adapter.close();
    },
  };
}

import { afterEach, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo, Socket as TcpSocket } from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { coalesceFrames } from "./coalesceFrames";

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

/** A socket.io server on a free port (websocket only, as the app's), one client connected, and the client's TCP socket on the server. */
async function serverWithClient(coalesce: boolean) {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { transports: ["websocket"] });
  if (coalesce) coalesceFrames(io);
  await new Promise<void>((r) => httpServer.listen(0, "127.0.0.1", r));
  const tcp = new Promise<TcpSocket>((resolve) => io.engine.on("connection", (s: { transport: { socket: { _socket: TcpSocket } } }) => resolve(s.transport.socket._socket)));
  const client: ClientSocket = connect(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, { transports: ["websocket"] });
  await new Promise<void>((r) => client.on("connect", () => r()));
  close = async () => {
    client.close();
    await new Promise((r) => io.close(r));
  };
  return { io, client, tcp: await tcp };
}

/** Emits `count` events at once and counts the server's writes to the client's TCP socket until the last arrives. */
async function burst(coalesce: boolean, count: number) {
  const { io, client, tcp } = await serverWithClient(coalesce);
  let writes = 0;
  const write = tcp._write.bind(tcp);
  const writev = tcp._writev!.bind(tcp);
  tcp._write = (...args) => (writes++, write(...args));
  tcp._writev = (...args) => (writes++, writev(...args));
  const received: number[] = [];
  const all = new Promise<void>((resolve) =>
    client.on("tick", (n: number) => {
      received.push(n);
      if (received.length === count) resolve();
    }),
  );
  for (let n = 0; n < count; n++) io.emit("tick", n);
  await all;
  return { received, writes, corked: tcp.writableCorked };
}

describe("coalesceFrames", () => {
  it("delivers every event of a burst, in order, in a few writes instead of one each", async () => {
    const together = await burst(true, 200);
    expect(together.received).toEqual([...Array(200).keys()]);
    // the first event leaves at once; those that came while it was written leave in one more write
    expect(together.writes).toBeLessThanOrEqual(3);
    expect(together.corked).toBe(0);
  });

  it("without it, each event is its own write", async () => {
    const apart = await burst(false, 200);
    expect(apart.received).toHaveLength(200);
    expect(apart.writes).toBeGreaterThanOrEqual(100);
  });
});

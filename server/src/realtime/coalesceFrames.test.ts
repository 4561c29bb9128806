import { afterEach, describe, expect, it } from "vitest";
import http from "node:http";
import { Socket as TcpSocket, type AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { coalesceFrames, tcpSocketOf } from "./coalesceFrames";

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

type Transport = "websocket" | "polling";

/** A socket.io server on a free port (websocket only by default, as the app's), one client connected, and the client's TCP socket on the server. */
async function serverWithClient(coalesce: boolean, transport: Transport = "websocket") {
  const httpServer = http.createServer();
  const io = new Server(httpServer, { transports: [transport] });
  if (coalesce) coalesceFrames(io);
  await new Promise<void>((r) => httpServer.listen(0, "127.0.0.1", r));
  const engineSocket = new Promise<unknown>((resolve) => io.engine.on("connection", resolve));
  const client: ClientSocket = connect(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, { transports: [transport] });
  await new Promise<void>((r) => client.on("connect", () => r()));
  close = async () => {
    client.close();
    await new Promise((r) => io.close(r));
  };
  return { io, client, engineSocket: await engineSocket };
}

/** Emits `count` events at once and resolves with them as the client received them. */
function emitAll(io: Server, client: ClientSocket, count: number) {
  const received: number[] = [];
  const all = new Promise<number[]>((resolve) =>
    client.on("tick", (n: number) => {
      received.push(n);
      if (received.length === count) resolve(received);
    }),
  );
  for (let n = 0; n < count; n++) io.emit("tick", n);
  return all;
}

/** Emits `count` events at once and counts the server's writes to the client's TCP socket until the last arrives. */
async function burst(coalesce: boolean, count: number) {
  const { io, client, engineSocket } = await serverWithClient(coalesce);
  const tcp = tcpSocketOf(engineSocket)!;
  let writes = 0;
  const write = tcp._write.bind(tcp);
  const writev = tcp._writev!.bind(tcp);
  tcp._write = (...args) => (writes++, write(...args));
  tcp._writev = (...args) => (writes++, writev(...args));
  const received = await emitAll(io, client, count);
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

  it("finds the client's TCP socket under a websocket connection", async () => {
    const { engineSocket } = await serverWithClient(false);
    const tcp = tcpSocketOf(engineSocket);
    expect(tcp).toBeInstanceOf(TcpSocket);
    expect(tcp!.remoteAddress).toBe("127.0.0.1");
  });

  it("finds none where the private field is absent or not a TCP socket", () => {
    for (const shape of [undefined, {}, { transport: {} }, { transport: { socket: {} } }, { transport: { socket: { _socket: { cork() {}, uncork() {}, writableCorked: 0 } } } }]) {
      expect(tcpSocketOf(shape)).toBeUndefined();
    }
  });

  it("without a TCP socket to cork (long-polling), delivers every event as before", async () => {
    const { io, client, engineSocket } = await serverWithClient(true, "polling");
    expect(tcpSocketOf(engineSocket)).toBeUndefined();
    let batches = 0;
    io.engine.on("flush", (_socket: unknown, packets: unknown[]) => void (packets.length >= 2 && batches++));
    expect(await emitAll(io, client, 50)).toEqual([...Array(50).keys()]);
    expect(batches).toBeGreaterThan(0);
  });
});

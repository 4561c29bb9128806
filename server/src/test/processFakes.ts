/**
 * Tests only: loaded before the server's entry point (`node --import tsx --import <this file>
 * server/src/main.ts`, see ./processes.ts), it makes a real server process talk to a fake WhatsApp
 * Web and hold its session leases for a short time. Nothing in the server imports it, and it
 * refuses to load unless NODE_ENV is "test", so no production start can pick it up.
 *
 * BALCAO_TEST_WHATSAPP_LOG: file where every message sent through a fake socket is appended,
 *   one JSON line `{ pid, jid, text, id }`, written before the send returns (a kill loses none).
 * BALCAO_TEST_LEASE_MS: how long a session lease lasts (renewed four times as often).
 *
 * The fake WhatsApp opens a socket whose saved session is paired, and shows a QR code
 * `fake-qr:<pid>:<socket number>` on one that is not. Every number has WhatsApp.
 */
import fs from "node:fs";
import type { AnyMessageContent, AuthenticationCreds } from "baileys";
import { defaultBaileysOptions } from "../channels/baileys/socket";
import { FakeSocket } from "../channels/baileys/fakeSocket";
import { leaseDefaults } from "../channels/lease";

if (process.env.NODE_ENV !== "test") throw new Error("server/src/test/processFakes.ts is for tests only: NODE_ENV must be test");

const journal = process.env.BALCAO_TEST_WHATSAPP_LOG;
const leaseMs = Number(process.env.BALCAO_TEST_LEASE_MS);
if (leaseMs > 0) Object.assign(leaseDefaults, { ttlMs: leaseMs, renewEveryMs: Math.max(100, Math.floor(leaseMs / 4)) });

let made = 0;
defaultBaileysOptions.makeSocket = (config) => {
  const socket = new FakeSocket(config);
  const n = ++made;
  const send = socket.sendMessage.bind(socket);
  socket.sendMessage = async (jid, content, options) => {
    const sent = await send(jid, content, options);
    sent.key.id = `FAKE${process.pid}S${n}${sent.key.id}`; // unique across processes and sockets
    const text = (content as Extract<AnyMessageContent, { text: string }>).text;
    if (journal) fs.appendFileSync(journal, `${JSON.stringify({ pid: process.pid, jid, text, id: sent.key.id })}\n`);
    return sent;
  };
  socket.onWhatsApp = async (...jids: string[]) => jids.map((jid) => ({ jid, exists: true }));
  // WhatsApp answers once the adapter listens to the socket
  setTimeout(() => {
    const me = (config.auth?.creds as AuthenticationCreds | undefined)?.me?.id;
    if (me) socket.open(me);
    else socket.emit("connection.update", { connection: "connecting", qr: `fake-qr:${process.pid}:${n}` });
  }, 20);
  return socket;
};
defaultBaileysOptions.download = async () => {
  throw new Error("the fake WhatsApp has no media");
};

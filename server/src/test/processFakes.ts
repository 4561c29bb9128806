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
import { EventEmitter } from "node:events";
import type { AnyMessageContent, AuthenticationCreds } from "baileys";
import { defaultBaileysOptions, type BaileysSocket } from "../channels/baileys/socket";
import { leaseDefaults } from "../channels/lease";

if (process.env.NODE_ENV !== "test") throw new Error("server/src/test/processFakes.ts is for tests only: NODE_ENV must be test");

const journal = process.env.BALCAO_TEST_WHATSAPP_LOG;
const leaseMs = Number(process.env.BALCAO_TEST_LEASE_MS);
if (leaseMs > 0) Object.assign(leaseDefaults, { ttlMs: leaseMs, renewEveryMs: Math.max(100, Math.floor(leaseMs / 4)) });

const LOGGED_OUT = 401; // Baileys' DisconnectReason.loggedOut; the library is not loaded before a session needs it
let made = 0;

/** A socket that talks to nobody: it pairs or shows a QR code, and writes down what it sends. */
function fakeSocket(creds: AuthenticationCreds | undefined): BaileysSocket {
  const n = ++made;
  const ev = new EventEmitter();
  let sent = 0;
  let ended = false;
  const close = (statusCode?: number) => {
    if (ended) return;
    ended = true;
    ev.emit("connection.update", { connection: "close", lastDisconnect: { error: Object.assign(new Error("closed"), { output: { statusCode } }), date: new Date() } });
  };
  const socket: BaileysSocket = {
    ev,
    user: null,
    async sendMessage(jid: string, content: AnyMessageContent) {
      const id = `FAKE${process.pid}S${n}M${++sent}`; // unique across processes and sockets
      const text = (content as Extract<AnyMessageContent, { text: string }>).text;
      if (journal) fs.appendFileSync(journal, `${JSON.stringify({ pid: process.pid, jid, text, id })}\n`);
      return { key: { remoteJid: jid, fromMe: true, id }, message: {} };
    },
    async readMessages() {},
    async rejectCall() {},
    async onWhatsApp(...jids: string[]) {
      return jids.map((jid) => ({ jid, exists: true }));
    },
    async logout() {
      close(LOGGED_OUT);
    },
    end: () => close(),
  };
  // WhatsApp answers once the adapter listens to the socket
  setTimeout(() => {
    if (ended) return;
    const me = creds?.me?.id;
    if (me) {
      socket.user = { id: me, name: "Loja Centro" };
      ev.emit("connection.update", { connection: "open", isOnline: true });
    } else ev.emit("connection.update", { connection: "connecting", qr: `fake-qr:${process.pid}:${n}` });
  }, 20);
  return socket;
}

defaultBaileysOptions.makeSocket = (config) => fakeSocket(config.auth?.creds as AuthenticationCreds | undefined);
defaultBaileysOptions.download = async () => {
  throw new Error("the fake WhatsApp has no media");
};

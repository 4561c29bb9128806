import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { chatEvent, chatUserEvent, companyEvent } from "@balcao/common";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { EventLog } from "../../events/record";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ build: { eventGraceMs: 0 } });
});
afterAll(async () => t?.close());

interface Heard {
  event: string;
  payload: any;
}

/** Every chat event a socket receives, in order. */
function listen(socket: Socket): Heard[] {
  const heard: Heard[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (/-chat(-|$)/.test(event)) heard.push({ event, payload });
  });
  return heard;
}

describe("chat events", () => {
  it("reach each member on the company, per-user and per-chat channels; never a non-member or another company; a removed member stops at once", async () => {
    const a = await signUpCompany(t.http);
    const ana = await createAttendant(t, a.token, { name: "Ana Souza" });
    const bia = await createAttendant(t, a.token, { name: "Bia Lima" });
    const carla = await createAttendant(t, a.token, { name: "Carla" });
    const other = await signUpCompany(t.http);
    const c = a.company.id;
    const owner = { id: a.user.id as number, socket: await connectSocket(t.url, a.token) };
    const members = [owner, { id: ana.id, socket: await connectSocket(t.url, ana.token) }, { id: bia.id, socket: await connectSocket(t.url, bia.token) }];
    const [, anaS, biaS] = members;
    const strangers = [await connectSocket(t.url, carla.token), await connectSocket(t.url, other.token)];
    const strangerHeard = strangers.map(listen);
    const biaHeard = listen(biaS.socket);
    /** Waits for `event(member)` on each of `who` with a payload of the action. */
    const each = (who: typeof members, event: (m: (typeof members)[number]) => string, action: string) => Promise.all(who.map((m) => nextEvent(m.socket, event(m), 3_000, (p) => p.action === action)));
    try {
      const created = each(members, () => companyEvent(c, "chat"), "create");
      const createdOwn = each(members, (m) => chatUserEvent(c, m.id), "create");
      const chat = (await t.http.post("/chats", { title: "Plantão", users: [ana.id, bia.id] }, a.token)).body;
      for (const p of [...(await created), ...(await createdOwn)]) expect(p).toEqual({ action: "create", chat });

      const onCompany = each(members, () => companyEvent(c, "chat"), "new-message");
      const onChat = each(members, () => chatEvent(c, chat.id), "new-message");
      const onOwn = each(members, (m) => chatUserEvent(c, m.id), "new-message");
      const sent = (await t.http.post(`/chats/${chat.id}/messages`, { message: "@bia lima pode cobrir? @Ninguém" }, ana.token)).body;
      for (const p of [...(await onCompany), ...(await onChat)]) {
        expect(p).toMatchObject({ action: "new-message", newMessage: sent, chat: { id: chat.id, lastMessage: sent.message } });
        expect(p).not.toHaveProperty("mentioned");
      }
      const own = await onOwn;
      expect(own.map((p) => p?.mentioned)).toEqual([false, false, true]);
      expect(own[2].chat.users.find((u: { userId: number }) => u.userId === bia.id).unreads).toBe(1);

      // reading is the reader's own business: only their sockets hear it
      const read = nextEvent(biaS.socket, chatUserEvent(c, bia.id), 3_000, (p) => p.action === "update");
      const readByOthers = nextEvent(anaS.socket, companyEvent(c, "chat"), 1_000, (p) => p.action === "update");
      await t.http.post(`/chats/${chat.id}/read`, { userId: bia.id }, bia.token);
      expect((await read)?.chat.users.find((u: { userId: number }) => u.userId === bia.id).unreads).toBe(0);
      expect(await readByOthers).toBeNull();

      // bia taken out: a delete on her channels, the update to those who stay
      const kept = members.slice(0, 2);
      const updated = each(kept, () => chatEvent(c, chat.id), "update");
      const updatedOwn = each(kept, (m) => chatUserEvent(c, m.id), "update");
      const removed = nextEvent(biaS.socket, chatUserEvent(c, bia.id), 3_000, (p) => p.action === "delete");
      const removedOnCompany = nextEvent(biaS.socket, companyEvent(c, "chat"), 3_000, (p) => p.action === "delete");
      const before = biaHeard.length;
      const changed = (await t.http.put(`/chats/${chat.id}`, { title: "Plantão (noite)", users: [ana.id] }, a.token)).body;
      for (const p of [...(await updated), ...(await updatedOwn)]) expect(p).toEqual({ action: "update", chat: changed });
      expect(await removed).toEqual({ action: "delete", chatId: chat.id });
      expect(await removedOnCompany).toEqual({ action: "delete", chatId: chat.id });

      const later = each(kept, () => chatEvent(c, chat.id), "new-message");
      await t.http.post(`/chats/${chat.id}/messages`, { message: "Bia saiu do plantão" }, a.token);
      await later;
      expect(biaHeard.slice(before).map((h) => h.payload.action)).toEqual(["delete", "delete"]);

      const deleted = each(kept, () => companyEvent(c, "chat"), "delete");
      const deletedOwn = each(kept, (m) => chatUserEvent(c, m.id), "delete");
      await t.http.del(`/chats/${chat.id}`, a.token);
      for (const p of [...(await deleted), ...(await deletedOwn)]) expect(p).toEqual({ action: "delete", chatId: chat.id });
      expect(biaHeard.slice(before).length).toBe(2);
      expect(strangerHeard).toEqual([[], []]);
    } finally {
      for (const s of [...members.map((m) => m.socket), ...strangers]) s.close();
    }
  });

  it("a member added later gets the chat as an update and its messages from then on", async () => {
    const a = await signUpCompany(t.http);
    const ana = await createAttendant(t, a.token, { name: "Ana Souza" });
    const bia = await createAttendant(t, a.token, { name: "Bia Lima" });
    const chat = (await t.http.post("/chats", { title: "Cresce", users: [ana.id] }, a.token)).body;
    const socket = await connectSocket(t.url, bia.token);
    try {
      const own = chatUserEvent(a.company.id, bia.id);
      const added = nextEvent(socket, own, 3_000, (p) => p.action === "update");
      const changed = (await t.http.put(`/chats/${chat.id}`, { title: "Cresce", users: [ana.id, bia.id] }, a.token)).body;
      expect(await added).toEqual({ action: "update", chat: changed });
      const next = nextEvent(socket, own, 3_000, (p) => p.action === "new-message");
      const sent = (await t.http.post(`/chats/${chat.id}/messages`, { message: "Bem-vinda, @Bia Lima" }, ana.token)).body;
      expect(await next).toMatchObject({ action: "new-message", newMessage: sent, mentioned: true });
    } finally {
      socket.close();
    }
  });

  it("an event left undispatched by a stop reaches the members of now after a sweep", async () => {
    const a = await signUpCompany(t.http);
    const ana = await createAttendant(t, a.token, { name: "Ana Souza" });
    const bia = await createAttendant(t, a.token, { name: "Bia Lima" });
    const chat = (await t.http.post("/chats", { title: "Retomada", users: [ana.id, bia.id] }, a.token)).body;
    const message = (await t.http.post(`/chats/${chat.id}/messages`, { message: "antes da parada" }, ana.token)).body;
    await t.http.put(`/chats/${chat.id}`, { title: "Retomada", users: [ana.id] }, a.token);
    await t.built.ctx.events.drain();
    const [anaSocket, biaSocket] = [await connectSocket(t.url, ana.token), await connectSocket(t.url, bia.token)];
    const biaHeard = listen(biaSocket);
    try {
      const log = new EventLog();
      log.add({ type: "chatMessage.created", companyId: a.company.id, stream: `chat:${chat.id}`, data: { chatId: chat.id, chatMessageId: message.id, mentionedUserIds: [] } });
      await t.built.ctx.db.transaction((tx) => log.flush(tx));
      const heard = nextEvent(anaSocket, chatUserEvent(a.company.id, ana.id), 3_000, (p) => p.action === "new-message");
      await t.built.ctx.events.sweep();
      expect(await heard).toMatchObject({ action: "new-message", newMessage: message, mentioned: false, chat: { id: chat.id } });
      expect(biaHeard).toEqual([]);
    } finally {
      anaSocket.close();
      biaSocket.close();
    }
  });
});

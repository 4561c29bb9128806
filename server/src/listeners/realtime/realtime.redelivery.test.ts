import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Socket } from "socket.io-client";
import { companyEvent } from "@balcao/common";
import { connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { EventLog } from "../../events/record";
import type { NewEvent } from "../../events/types";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let socketA: Socket;
let socketB: Socket;
const heardByB: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ build: { eventGraceMs: 0 } });
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  socketA = await connectSocket(t.url, a.token);
  socketB = await connectSocket(t.url, b.token);
  socketB.onAny((name: string) => heardByB.push(name));
});
afterAll(async () => {
  socketA?.close();
  socketB?.close();
  await t?.close();
});

/** Records events as a command that committed and then stopped would have: never dispatched, no transient views. */
async function committedNotDispatched(...events: NewEvent[]) {
  await t.built.ctx.events.drain();
  const log = new EventLog();
  log.add(...events);
  await t.built.ctx.db.transaction((tx) => log.flush(tx));
}

/** Sweeps, and answers the payload company A's sockets got for `family`. */
async function sweptTo<T = any>(family: Parameters<typeof companyEvent>[1], match: (payload: T) => boolean) {
  const heard = nextEvent<T>(socketA, companyEvent(a.user.companyId, family), 3_000, match);
  await t.built.ctx.events.sweep();
  return heard;
}

const ofA = (type: string, stream: string, data: Record<string, unknown>): NewEvent => ({ type, companyId: a.user.companyId, stream, data });

describe("realtime events left undispatched by a stop", () => {
  it("contacts: reach the company's sockets after a sweep, read again from the database", async () => {
    const contact = (await t.http.post("/contacts", { name: "Maria Redelivery", number: "5511988887777" }, a.token)).body;
    await t.http.put(`/contacts/${contact.id}`, { name: "Maria Renamed" }, a.token);
    heardByB.length = 0;
    await committedNotDispatched(ofA("contact.updated", `contact:${contact.id}`, { contactId: contact.id, changed: ["name"] }));
    const heard = await sweptTo("contact", (p: any) => p.contact?.id === contact.id);
    expect(heard).toMatchObject({ action: "update", contact: { id: contact.id, name: "Maria Renamed", companyId: a.user.companyId } });
    expect(heardByB).toEqual([]);
  });

  it("contacts: a record gone since is announced as deleted", async () => {
    const contact = (await t.http.post("/contacts", { name: "Gone Soon", number: "5511977776666" }, a.token)).body;
    expect((await t.http.del(`/contacts/${contact.id}`, a.token)).status).toBe(200);
    heardByB.length = 0;
    await committedNotDispatched(ofA("contact.created", `contact:${contact.id}`, { contactId: contact.id }));
    expect(await sweptTo("contact", (p: any) => p.contactId === contact.id)).toEqual({ action: "delete", contactId: contact.id });
    expect(heardByB).toEqual([]);
  });

  it("tags: reach the company's sockets with the tag's tickets count", async () => {
    const tag = (await t.http.post("/tags", { name: unique("Tag "), color: "#123456", kanban: 0 }, a.token)).body;
    heardByB.length = 0;
    await committedNotDispatched(ofA("tag.created", `tag:${tag.id}`, { tagId: tag.id, name: tag.name }));
    const heard = await sweptTo("tag", (p: any) => p.tag?.id === tag.id);
    expect(heard).toMatchObject({ action: "create", tag: { id: tag.id, name: tag.name, ticketsCount: 0 } });
    expect(heardByB).toEqual([]);
  });

  it("users: reach the company's sockets, and a deleted user's is a deletion", async () => {
    const email = `${unique("agent")}@example.com`;
    const user = (await t.http.post("/users", { name: "Agent Redelivered", email, password: "secret1", profile: "user" }, a.token)).body;
    heardByB.length = 0;
    await committedNotDispatched(ofA("user.updated", `user:${user.id}`, { userId: user.id, changed: ["name"] }));
    expect(await sweptTo("user", (p: any) => p.user?.id === user.id)).toMatchObject({ action: "update", user: { id: user.id, email, companyId: a.user.companyId } });
    expect((await t.http.del(`/users/${user.id}`, a.token)).status).toBe(200);
    await committedNotDispatched(ofA("user.created", `user:${user.id}`, { userId: user.id }));
    expect(await sweptTo("user", (p: any) => p.userId === user.id)).toEqual({ action: "delete", userId: user.id });
    expect(heardByB).toEqual([]);
  });

  it("are taken once: a second sweep sends nothing again", async () => {
    expect(await t.built.ctx.events.sweep()).toBe(0);
  });
});

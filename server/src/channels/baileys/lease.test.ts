import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, startTestApp, unique, type TestApp } from "../../test/harness";
import { whatsapps } from "../../db/schema";
import { ChannelManager } from "../manager";
import { BaileysAdapter } from "./adapter";
import { createBaileysConnection, FakeWhatsApp, pairSocket } from "./fakeSocket";
import { OUR_JID } from "./fixtures";

/**
 * Two server processes on one database, played by two channel managers with their own owner
 * names and fake WhatsApp sockets: a live session runs in exactly one of them.
 */
let t: TestApp;
let admin: { token: string };
let managers: ChannelManager[] = [];

const serverProcess = (owner: string, fake: FakeWhatsApp, lease: { ttlMs: number; renewEveryMs: number }) => {
  const manager = new ChannelManager(t.built.ctx, { lease: { owner, ...lease }, baileys: fake.options });
  managers.push(manager);
  return manager;
};
const ownerOf = async (id: number) => (await t.built.ctx.db.select({ owner: whatsapps.sessionOwner }).from(whatsapps).where(eq(whatsapps.id, id)))[0].owner;
const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A paired baileys connection whose session no process runs yet. */
async function pairedConnection() {
  const fake = new FakeWhatsApp();
  const { whatsapp, adapter, socket } = await createBaileysConnection(t, admin.token, fake, unique("Web "));
  await pairSocket(adapter, socket, OUR_JID);
  await t.built.ctx.channels.forget(whatsapp.id); // the app's own manager steps aside
  return { ...whatsapp, channel: "baileys" };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.http.login(ADMIN.email, ADMIN.password);
});
afterEach(async () => {
  await Promise.all(managers.map((m) => m.closeAll()));
  managers = [];
});
afterAll(async () => t?.close());

describe("session lease", () => {
  it("lets one process run a session; the other does not connect, and takes over once it is released", async () => {
    const w = await pairedConnection();
    const [fakeA, fakeB] = [new FakeWhatsApp(), new FakeWhatsApp()];
    const a = serverProcess("host-a-1-aaaa", fakeA, { ttlMs: 30_000, renewEveryMs: 10_000 });
    const b = serverProcess("host-b-2-bbbb", fakeB, { ttlMs: 30_000, renewEveryMs: 10_000 });

    await a.adapterFor(w).connect();
    await b.adapterFor(w).connect();
    expect(fakeA.sockets).toHaveLength(1);
    expect(fakeB.sockets).toHaveLength(0);
    expect(await ownerOf(w.id)).toBe("host-a-1-aaaa");

    // claiming again is how the owner renews; the other still cannot
    expect(await a.lease.claim(w.id)).toBe(true);
    expect(await b.lease.claim(w.id)).toBe(false);

    // a clean shutdown of A releases the session: B takes it at once
    await a.closeAll();
    expect(fakeA.last.ended).toBe(true);
    expect(await ownerOf(w.id)).toBeNull();
    await b.adapterFor(w).connect();
    expect(fakeB.sockets).toHaveLength(1);
    expect(await ownerOf(w.id)).toBe("host-b-2-bbbb");
  });

  it("keeps the session with a process that renews, past the lease's length", async () => {
    const w = await pairedConnection();
    const a = serverProcess("host-a-3-cccc", new FakeWhatsApp(), { ttlMs: 1_500, renewEveryMs: 200 });
    const b = serverProcess("host-b-4-dddd", new FakeWhatsApp(), { ttlMs: 1_500, renewEveryMs: 200 });
    expect(await a.lease.claim(w.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 2_500)); // well past the first lease's end
    expect(await b.lease.claim(w.id)).toBe(false);
    expect(await ownerOf(w.id)).toBe("host-a-3-cccc");
  });

  it("hands a crashed process's session to a standing-by process once the lease lapses; the old one closes its socket", async () => {
    const w = await pairedConnection();
    const [fakeA, fakeB] = [new FakeWhatsApp(), new FakeWhatsApp()];
    // A stops renewing, as a hung or crashed process would
    const a = serverProcess("host-a-5-eeee", fakeA, { ttlMs: 800, renewEveryMs: 3_600_000 });
    const b = serverProcess("host-b-6-ffff", fakeB, { ttlMs: 800, renewEveryMs: 3_600_000 });

    await a.resumeSessions(w.id);
    expect(fakeA.sockets).toHaveLength(1);
    const adapterA = a.adapterFor(w) as BaileysAdapter;
    fakeA.last.open(OUR_JID);
    await adapterA.idle();

    await b.resumeSessions(w.id); // A holds it: B waits
    expect(fakeB.sockets).toHaveLength(0);
    await until(() => fakeB.sockets.length === 1);
    expect(await ownerOf(w.id)).toBe("host-b-6-ffff");

    // A's next renewal finds the session taken and lets its socket go, without logging out
    expect(await a.lease.renew()).toEqual([w.id]);
    await until(() => fakeA.last.ended);
    expect(fakeA.last.loggedOut).toBe(false);
    await expect(adapterA.sendText("5511987654321", "still here?")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect(a.adapterFor(w)).not.toBe(adapterA);
  });

  it("does not reconnect a dropped socket once another process holds the session", async () => {
    const w = await pairedConnection();
    const [fakeA, fakeB] = [new FakeWhatsApp(), new FakeWhatsApp()];
    const a = serverProcess("host-a-7-abab", fakeA, { ttlMs: 30_000, renewEveryMs: 10_000 });
    const b = serverProcess("host-b-8-cdcd", fakeB, { ttlMs: 30_000, renewEveryMs: 10_000 });
    const adapterA = a.adapterFor(w) as BaileysAdapter;
    await adapterA.connect();
    fakeA.last.drop(428);
    await adapterA.idle();
    // the lease runs out while A waits to reconnect, and B claims it
    await t.built.ctx.db
      .update(whatsapps)
      .set({ sessionLeaseUntil: new Date(Date.now() - 60_000) })
      .where(eq(whatsapps.id, w.id));
    expect(await b.lease.claim(w.id)).toBe(true);
    fakeA.fireTimers();
    await adapterA.idle();
    expect(fakeA.sockets).toHaveLength(1);
  });
});

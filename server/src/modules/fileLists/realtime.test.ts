import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { EventLog } from "../../events/record";

let t: TestApp;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  t = await startTestApp({ build: { eventGraceMs: 0 } });
});
afterAll(async () => t?.close());

const eventOf = (companyId: number) => `company-${companyId}-file`;

describe("the file event", () => {
  it("reaches the company's sockets live on create, update, upload and delete; never another company's", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const colleague = await createAttendant(t, a.token);
    const mine = [await connectSocket(t.url, a.token), await connectSocket(t.url, colleague.token)];
    const stranger = await connectSocket(t.url, b.token);
    const next = (match: (p: any) => boolean) => Promise.all(mine.map((s) => nextEvent(s, eventOf(a.company.id), 3_000, match)));
    const strangerHeard: unknown[] = [];
    stranger.onAny((event, payload) => {
      if (String(event).endsWith("-file")) strangerHeard.push(payload);
    });
    try {
      const created = next((p) => p.action === "create");
      const record = (await t.http.post("/files", { name: "Catálogo", message: "Veja", options: [{ name: "Foto" }] }, a.token)).body;
      for (const payload of await created) expect(payload).toEqual({ action: "create", record });

      const updated = next((p) => p.action === "update");
      const saved = (await t.http.put(`/files/${record.id}`, { name: "Catálogo novo", message: "Veja", options: record.options }, a.token)).body;
      for (const payload of await updated) expect(payload).toEqual({ action: "update", record: saved });

      const uploaded = next((p) => p.action === "update" && p.record.options[0].path !== null);
      const form = new FormData();
      form.append("files", new Blob([PNG], { type: "image/png" }), "foto.png");
      form.append("id", String(record.options[0].id));
      await fetch(`${t.url}/files/uploadList/${record.id}`, { method: "POST", body: form, headers: { authorization: `Bearer ${a.token}` } });
      for (const payload of await uploaded) expect(payload).toMatchObject({ action: "update", record: { id: record.id, options: [{ mediaName: "foto.png", mediaType: "image/png" }] } });

      const deleted = next((p) => p.action === "delete");
      await t.http.del(`/files/${record.id}`, a.token);
      for (const payload of await deleted) expect(payload).toEqual({ action: "delete", id: record.id });
      expect(strangerHeard).toEqual([]);
    } finally {
      for (const s of [...mine, stranger]) s.close();
    }
  });
});

describe("a file event left undispatched by a stop", () => {
  it("reaches the company after a sweep, the record read again; a list gone since is announced as deleted", async () => {
    const a = await signUpCompany(t.http);
    const socket = await connectSocket(t.url, a.token);
    try {
      const record = (await t.http.post("/files", { name: "Catálogo", message: "Veja", options: [{ name: "Foto" }] }, a.token)).body;
      const gone = (await t.http.post("/files", { name: "Apagada", message: "x" }, a.token)).body;
      await t.http.del(`/files/${gone.id}`, a.token);
      await t.built.ctx.events.drain();
      const log = new EventLog();
      for (const id of [record.id, gone.id]) log.add({ type: "fileList.updated", companyId: a.company.id, stream: `fileList:${id}`, data: { fileListId: id, changed: ["name"] } });
      await t.built.ctx.db.transaction((tx) => log.flush(tx));
      const updated = nextEvent(socket, eventOf(a.company.id), 3_000, (p) => p.action === "update");
      const deleted = nextEvent(socket, eventOf(a.company.id), 3_000, (p) => p.action === "delete");
      await t.built.ctx.events.sweep();
      expect(await updated).toEqual({ action: "update", record });
      expect(await deleted).toEqual({ action: "delete", id: gone.id });
    } finally {
      socket.close();
    }
  });
});

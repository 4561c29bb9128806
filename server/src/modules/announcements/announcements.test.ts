import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENTS_PAGE_SIZE } from "@balcao/common";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => t?.close());

const create = async (body: Record<string, unknown>) => {
  const res = await t.http.post("/announcements", body, superToken);
  expect(res.status).toBe(201);
  return res.body;
};

describe("announcements: the super user's CRUD", () => {
  it("creates with the defaults (priority 3, active), reads, edits and deletes", async () => {
    const created = await t.http.post("/announcements", { title: "Manutenção", text: "Sábado às 22h" }, superToken);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: "Manutenção",
      text: "Sábado às 22h",
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id;
    expect((await t.http.get(`/announcements/${id}`, superToken)).body).toEqual(created.body);

    const updated = await t.http.put(`/announcements/${id}`, { title: "Manutenção adiada", text: "Domingo às 22h", priority: 1, status: false }, superToken);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, title: "Manutenção adiada", text: "Domingo às 22h", priority: 1, status: false });
    // the form sends numbers and booleans as text too
    const again = await t.http.put(`/announcements/${id}`, { title: "Manutenção adiada", text: "Domingo", priority: "2", status: "true" }, superToken);
    expect(again.body).toMatchObject({ priority: 2, status: true });

    expect((await t.http.del(`/announcements/${id}`, superToken)).body).toEqual({ message: "Announcement deleted" });
    expect((await t.http.get(`/announcements/${id}`, superToken)).status).toBe(404);
    expect((await t.http.put(`/announcements/${id}`, { title: "x", text: "y" }, superToken)).status).toBe(404);
    expect((await t.http.del(`/announcements/${id}`, superToken)).status).toBe(404);
  });

  it("requires title and text, and a priority of 1, 2 or 3, naming the field", async () => {
    const noTitle = await t.http.post("/announcements", { title: "  ", text: "algo" }, superToken);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toMatchObject({ error: "ERR_VALIDATION", field: "title" });
    const noText = await t.http.post("/announcements", { title: "Aviso" }, superToken);
    expect(noText.status).toBe(400);
    expect(noText.body).toMatchObject({ error: "ERR_VALIDATION", field: "text" });
    for (const priority of [0, 4, "alta", 1.5]) {
      const bad = await t.http.post("/announcements", { title: "Aviso", text: "algo", priority }, superToken);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: "ERR_VALIDATION", field: "priority" });
    }
    const badStatus = await t.http.post("/announcements", { title: "Aviso", text: "algo", status: "talvez" }, superToken);
    expect(badStatus.body).toMatchObject({ error: "ERR_VALIDATION", field: "status" });
    expect((await t.http.get("/announcements/abc", superToken)).status).toBe(400);
  });

  it("pages by 20, newest first, and searches title and text without case", async () => {
    const tag = unique("lote").toLowerCase();
    const ids: number[] = [];
    for (let i = 0; i < ANNOUNCEMENTS_PAGE_SIZE + 2; i++) ids.push((await create({ title: `Aviso ${tag} ${i}`, text: "texto" })).id);
    const first = await t.http.get(`/announcements/?searchParam=${tag.toUpperCase()}&pageNumber=1`, superToken);
    expect(first.status).toBe(200);
    expect(first.body.records).toHaveLength(ANNOUNCEMENTS_PAGE_SIZE);
    expect(first.body).toMatchObject({ hasMore: true, count: ANNOUNCEMENTS_PAGE_SIZE + 2 });
    expect(first.body.records[0].id).toBe(ids.at(-1));
    const second = await t.http.get(`/announcements?searchParam=${tag}&pageNumber=2`, superToken);
    expect(second.body.records.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(second.body.hasMore).toBe(false);

    const byText = await create({ title: "Outro", text: `Corpo com ${tag}-texto` });
    const found = await t.http.get(`/announcements?searchParam=${tag}-texto`, superToken);
    expect(found.body.records.map((r: { id: number }) => r.id)).toEqual([byText.id]);
    // LIKE's wildcards are searched as themselves
    expect((await t.http.get(`/announcements?searchParam=${encodeURIComponent("%")}`, superToken)).body.records).toEqual([]);
    expect((await t.http.get("/announcements?pageNumber=0", superToken)).status).toBe(400);
  });
});

describe("announcements: everyone else", () => {
  it("reads only the active ones, of any company; signed-out callers read nothing", async () => {
    const tag = unique("vis").toLowerCase();
    const active = await create({ title: `Ativo ${tag}`, text: "para todos", priority: 1 });
    const inactive = await create({ title: `Inativo ${tag}`, text: "rascunho", status: false });
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    for (const token of [a.token, attendant.token]) {
      const list = await t.http.get(`/announcements?searchParam=${tag}`, token);
      expect(list.status).toBe(200);
      expect(list.body.records.map((r: { id: number }) => r.id)).toEqual([active.id]);
      expect((await t.http.get(`/announcements/${active.id}`, token)).body).toMatchObject({ title: `Ativo ${tag}`, priority: 1 });
      expect((await t.http.get(`/announcements/${inactive.id}`, token)).status).toBe(404);
    }
    const all = await t.http.get(`/announcements?searchParam=${tag}`, superToken);
    expect(all.body.records.map((r: { id: number }) => r.id)).toEqual([inactive.id, active.id]);
    expect((await t.http.get("/announcements")).status).toBe(401);
    expect((await t.http.get(`/announcements/${active.id}`)).status).toBe(401);
  });

  it("company admins and attendants get 403 ERR_NO_PERMISSION on every write, before any validation", async () => {
    const target = await create({ title: "Intocável", text: "só o super" });
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    for (const token of [a.token, attendant.token]) {
      const attempts = [
        await t.http.post("/announcements", { title: "Meu", text: "aviso" }, token),
        await t.http.post("/announcements", { nonsense: true }, token),
        await t.http.put(`/announcements/${target.id}`, { title: "Mudado", text: "x" }, token),
        await t.http.del(`/announcements/${target.id}`, token),
        await t.http.del(`/announcements/${target.id}/media-upload`, token),
        await t.http.post(`/announcements/${target.id}/media-upload`, {}, token),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ error: "ERR_NO_PERMISSION" });
      }
    }
    expect((await t.http.get(`/announcements/${target.id}`, superToken)).body.title).toBe("Intocável");
    expect((await t.http.post("/announcements", { title: "x", text: "y" })).status).toBe(401);
  });
});

describe("the top bar's dot: seen per user, on the server", () => {
  it("shows for an active announcement changed since the user last opened the popover, and clears for that user only", async () => {
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    await create({ title: "Primeiro aviso", text: "olá" });
    expect((await t.http.get("/announcements/seen", a.token)).body).toEqual({ lastSeenAt: null, unseen: true });

    const marked = await t.http.put("/announcements/seen", {}, a.token);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ lastSeenAt: expect.any(String), unseen: false });
    // another browser of the same user (a new sign-in ends the first session): the server remembers
    const again = await t.http.login(a.email, a.password);
    expect((await t.http.get("/announcements/seen", again.token)).body.unseen).toBe(false);
    // another user of the same company has not looked yet
    expect((await t.http.get("/announcements/seen", attendant.token)).body.unseen).toBe(true);

    // an inactive one makes no dot; a new active one does
    const draft = await create({ title: "Rascunho", text: "ainda não", status: false });
    expect((await t.http.get("/announcements/seen", again.token)).body.unseen).toBe(false);
    await t.http.put(`/announcements/${draft.id}`, { title: "Rascunho", text: "agora sim", status: true }, superToken);
    expect((await t.http.get("/announcements/seen", again.token)).body.unseen).toBe(true);
    await t.http.put("/announcements/seen", {}, again.token);
    expect((await t.http.get("/announcements/seen", again.token)).body.unseen).toBe(false);

    expect((await t.http.get("/announcements/seen")).status).toBe(401);
    expect((await t.http.put("/announcements/seen", {})).status).toBe(401);
  });
});

describe("the audit log", () => {
  it("keeps the super user's acts on announcements, without their text, for super users only", async () => {
    const record = await create({ title: "Aviso auditado", text: "um texto que não vai para a trilha" });
    await t.http.put(`/announcements/${record.id}`, { title: "Aviso auditado", text: "outro texto", priority: 1 }, superToken);
    await t.http.del(`/announcements/${record.id}`, superToken);
    const rowsOf = async (action: string, token = superToken) =>
      ((await t.http.get(`/audit-logs?action=${action}`, token)).body.auditLogs as { action: string; entityId: string; summary: string; details: unknown }[]).filter((r) => r.entityId === String(record.id));
    await expect.poll(async () => (await rowsOf("announcement.")).map((r) => r.action)).toEqual(["announcement.deleted", "announcement.updated", "announcement.created"]);
    const [updated] = await rowsOf("announcement.updated");
    expect(updated.summary).toContain("Aviso auditado");
    expect(updated.summary).toContain("text");
    expect(JSON.stringify(updated)).not.toContain("outro texto");
    const a = await signUpCompany(t.http);
    expect(await rowsOf("announcement.", a.token)).toEqual([]);
  });
});

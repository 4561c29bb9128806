import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helps } from "../../db/schema";
import { seed } from "../../setup/seed";
import { ADMIN, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { DEFAULT_HELPS } from "./defaults";

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => t?.close());

describe("seeded help videos", () => {
  it("the first start leaves the starting videos, once: seeding again adds nothing", async () => {
    const list = await t.http.get("/helps/list", superToken);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(3);
    expect(list.body.slice(0, DEFAULT_HELPS.length).map((h: { title: string; video: string }) => [h.title, h.video])).toEqual(DEFAULT_HELPS.map((h) => [h.title, h.video]));
    const before = (await t.built.ctx.db.select().from(helps)).length;
    expect(await seed(t.built.ctx.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password })).toEqual({ seeded: false });
    expect((await t.built.ctx.db.select().from(helps)).length).toBe(before);
  });
});

describe("helps", () => {
  it("any signed-in user of any company reads them; signed-out callers do not", async () => {
    const a = await signUpCompany(t.http);
    const list = await t.http.get("/helps/list", a.token);
    expect(list.status).toBe(200);
    expect(list.body[0]).toEqual({
      id: expect.any(Number),
      title: DEFAULT_HELPS[0].title,
      description: DEFAULT_HELPS[0].description,
      video: DEFAULT_HELPS[0].video,
      link: "",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.http.get(`/helps/${list.body[0].id}`, a.token)).body.title).toBe(DEFAULT_HELPS[0].title);
    expect((await t.http.get("/helps/list")).status).toBe(401);
    expect((await t.http.get("/helps")).status).toBe(401);
  });

  it("the super user creates, edits and deletes a video; a YouTube address is kept as its code", async () => {
    const created = await t.http.post("/helps", { title: "Zeta: relatórios", description: "Como ler os relatórios", video: "https://www.youtube.com/watch?v=AbC123xYz_9&t=10s", link: "" }, superToken);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Zeta: relatórios", video: "AbC123xYz_9", description: "Como ler os relatórios", link: "" });
    const updated = await t.http.put(`/helps/${created.body.id}`, { title: "Zeta: relatórios 2", video: "https://youtu.be/QwE456rTy78", description: null }, superToken);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: created.body.id, title: "Zeta: relatórios 2", video: "QwE456rTy78", description: "" });
    const removed = await t.http.del(`/helps/${created.body.id}`, superToken);
    expect(removed.body).toEqual({ message: "Help deleted" });
    expect((await t.http.get(`/helps/${created.body.id}`, superToken)).status).toBe(404);
    expect((await t.http.put(`/helps/${created.body.id}`, { title: "x" }, superToken)).status).toBe(404);
    expect((await t.http.del(`/helps/${created.body.id}`, superToken)).status).toBe(404);
  });

  it("requires a title, naming the field", async () => {
    const res = await t.http.post("/helps", { title: "  ", video: "abc" }, superToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "title" });
  });

  it("others, company admins included, get 403 ERR_NO_PERMISSION before any validation", async () => {
    const a = await signUpCompany(t.http);
    const [first] = (await t.http.get("/helps/list", a.token)).body;
    for (const res of [
      await t.http.post("/helps", { title: "Invasão" }, a.token),
      await t.http.post("/helps", {}, a.token),
      await t.http.put(`/helps/${first.id}`, { title: "Invasão" }, a.token),
      await t.http.del(`/helps/${first.id}`, a.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await t.http.get(`/helps/${first.id}`, a.token)).body.title).toBe(first.title);
  });

  it("GET /helps pages by title with a search, as { records, count, hasMore }", async () => {
    const a = await signUpCompany(t.http);
    const all = await t.http.get("/helps", a.token);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: expect.any(Number), hasMore: false });
    expect(all.body.records.length).toBe(all.body.count);
    const found = await t.http.get(`/helps?searchParam=${encodeURIComponent("RESPOSTAS RÁPIDAS")}`, a.token);
    expect(found.body.records.map((h: { title: string }) => h.title)).toEqual(["Respostas rápidas com anexos"]);
    expect((await t.http.get("/helps?pageNumber=-1", a.token)).status).toBe(400);
  });
});

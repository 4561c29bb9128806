import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const create = (token: string, body: Record<string, unknown>) => t.http.post("/quick-messages", body, token);

describe("POST /quick-messages", () => {
  it("creates the caller's quick message and presents the whole record", async () => {
    const a = await signUpCompany(t.http);
    const res = await create(a.token, { shortcode: "  ola ", message: "Olá {{firstName}}, {{ms}}!", geral: true, status: true, isMedia: true, mediaPath: "../../etc/passwd", userId: 999, companyId: 999 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ shortcode: "ola", message: "Olá {{firstName}}, {{ms}}!", geral: true, status: true, isMedia: false, mediaPath: null, mediaName: null, userId: a.user.id, companyId: a.company.id });
    expect(res.body.id).toEqual(expect.any(Number));
  });

  it("requires the shortcode ('Obrigatório') and names the field", async () => {
    const a = await signUpCompany(t.http);
    for (const body of [{ message: "sem atalho" }, { shortcode: "   ", message: "x" }]) {
      const res = await create(a.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "shortcode", message: "shortcode: Obrigatório" });
    }
    const badFlag = await create(a.token, { shortcode: "x", geral: "talvez" });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.field).toBe("geral");
  });

  it("needs a signed-in caller", async () => {
    expect((await t.http.post("/quick-messages", { shortcode: "x" })).status).toBe(401);
  });
});

describe("GET /quick-messages", () => {
  it("pages the caller's own and the shared ones by shortcode, 20 at a time, with the count", async () => {
    const a = await signUpCompany(t.http);
    const colleague = await createAttendant(t, a.token);
    for (let i = 0; i < 21; i++) await create(a.token, { shortcode: `atalho${String(i).padStart(2, "0")}`, message: `texto ${i}`, geral: false });
    await create(colleague.token, { shortcode: "compartilhada", message: "para todos", geral: true });
    await create(colleague.token, { shortcode: "privada", message: "só minha", geral: false });

    const first = await t.http.get(`/quick-messages?pageNumber=1&userId=${colleague.id}`, a.token);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(22);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].shortcode).toBe("atalho00");
    const second = await t.http.get("/quick-messages?pageNumber=2", a.token);
    expect(second.body.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(["atalho20", "compartilhada"]);
    expect(second.body.hasMore).toBe(false);

    const forColleague = await t.http.get("/quick-messages", colleague.token);
    expect(forColleague.body.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(["compartilhada", "privada"]);
  });

  it("searches the shortcode and the text, case-insensitively, with % and _ taken literally", async () => {
    const a = await signUpCompany(t.http);
    await create(a.token, { shortcode: "Oferta", message: "Desconto de 10% hoje" });
    await create(a.token, { shortcode: "frete", message: "Frete grátis para OFERTAS" });
    await create(a.token, { shortcode: "horario", message: "Abrimos às 8h" });
    const byWord = await t.http.get("/quick-messages?searchParam=OFERTA", a.token);
    // by shortcode, whatever its case
    expect(byWord.body.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(["frete", "Oferta"]);
    expect(byWord.body.count).toBe(2);
    const percent = await t.http.get(`/quick-messages?searchParam=${encodeURIComponent("10%")}`, a.token);
    expect(percent.body.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(["Oferta"]);
    const underscore = await t.http.get("/quick-messages?searchParam=_", a.token);
    expect(underscore.body.count).toBe(0);
  });

  it("never lists another company's quick messages and refuses a bad page number", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    await create(b.token, { shortcode: "de-b", message: "B", geral: true });
    const res = await t.http.get(`/quick-messages?companyId=${b.company.id}`, a.token);
    expect(res.body).toEqual({ records: [], count: 0, hasMore: false });
    const bad = await t.http.get("/quick-messages?pageNumber=0", a.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("pageNumber");
  });
});

describe("GET, PUT and DELETE /quick-messages/:id", () => {
  it("shows a visible record; another user's private one and another company's are not found", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const colleague = await createAttendant(t, a.token);
    const shared = (await create(colleague.token, { shortcode: "geral", message: "x", geral: true })).body;
    const mine = (await create(colleague.token, { shortcode: "minha", message: "y", geral: false })).body;
    expect((await t.http.get(`/quick-messages/${shared.id}`, a.token)).body).toMatchObject({ id: shared.id, shortcode: "geral", geral: true });
    expect((await t.http.get(`/quick-messages/${mine.id}`, colleague.token)).status).toBe(200);
    expect((await t.http.get(`/quick-messages/${mine.id}`, a.token)).status).toBe(404);
    const other = await t.http.get(`/quick-messages/${shared.id}`, b.token);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe("ERR_NOT_FOUND");
    expect((await t.http.get("/quick-messages/abc", a.token)).status).toBe(400);
  });

  it("lets the owner edit text and switches, keeping the owner; validation names the field", async () => {
    const a = await signUpCompany(t.http);
    const me = await createAttendant(t, a.token);
    const q = (await create(me.token, { shortcode: "ola", message: "Olá" })).body;
    const res = await t.http.put(`/quick-messages/${q.id}`, { shortcode: "oi", message: "Oi {{name}}", geral: true, status: false, userId: a.user.id }, me.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: q.id, shortcode: "oi", message: "Oi {{name}}", geral: true, status: false, userId: me.id });
    const invalid = await t.http.put(`/quick-messages/${q.id}`, { shortcode: "", message: "x" }, me.token);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ field: "shortcode", message: "shortcode: Obrigatório" });
  });

  it("lets an admin but not another attendant change a shared quick message", async () => {
    const a = await signUpCompany(t.http);
    const owner = await createAttendant(t, a.token);
    const other = await createAttendant(t, a.token);
    const q = (await create(owner.token, { shortcode: "geral", message: "x", geral: true })).body;
    const denied = await t.http.put(`/quick-messages/${q.id}`, { shortcode: "hack", message: "x", geral: true }, other.token);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.http.del(`/quick-messages/${q.id}`, other.token)).status).toBe(403);
    const byAdmin = await t.http.put(`/quick-messages/${q.id}`, { shortcode: "geral2", message: "y", geral: true }, a.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ shortcode: "geral2", userId: owner.id });
    const removed = await t.http.del(`/quick-messages/${q.id}`, a.token);
    expect(removed.status).toBe(200);
    expect((await t.http.get(`/quick-messages/${q.id}`, owner.token)).status).toBe(404);
  });

  it("another company's record is not found for PUT and DELETE, even for its admin", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const q = (await create(a.token, { shortcode: "a", message: "x", geral: true })).body;
    expect((await t.http.put(`/quick-messages/${q.id}`, { shortcode: "b", message: "x" }, b.token)).status).toBe(404);
    expect((await t.http.del(`/quick-messages/${q.id}`, b.token)).status).toBe(404);
    expect((await t.http.get(`/quick-messages/${q.id}`, a.token)).body.shortcode).toBe("a");
  });
});

describe("company-{id}-quickemessage events", () => {
  it("shared changes reach the company; private ones only their owner, the others are told to drop them", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const owner = await createAttendant(t, a.token);
    const colleague = await createAttendant(t, a.token);
    const event = `company-${a.company.id}-quickemessage`;
    const [ownerSocket, colleagueSocket, strangerSocket] = await Promise.all([connectSocket(t.url, owner.token), connectSocket(t.url, colleague.token), connectSocket(t.url, b.token)]);
    try {
      const sawShared = nextEvent(colleagueSocket, event);
      const strangerSaw = nextEvent(strangerSocket, event, 500);
      const q = (await create(owner.token, { shortcode: "geral", message: "x", geral: true })).body;
      expect(await sawShared).toEqual({ action: "create", record: q });
      expect(await strangerSaw).toBeNull();

      const ownerUpdate = nextEvent(ownerSocket, event);
      const colleagueDrop = nextEvent(colleagueSocket, event);
      const updated = (await t.http.put(`/quick-messages/${q.id}`, { shortcode: "agora-privada", message: "x", geral: false }, owner.token)).body;
      expect(await ownerUpdate).toEqual({ action: "update", record: updated });
      expect(await colleagueDrop).toEqual({ action: "delete", id: q.id });

      const colleagueSilent = nextEvent(colleagueSocket, event, 500);
      const ownerCreate = nextEvent(ownerSocket, event);
      const secret = (await create(owner.token, { shortcode: "segredo", message: "só meu", geral: false })).body;
      expect(await ownerCreate).toEqual({ action: "create", record: secret });
      expect(await colleagueSilent).toBeNull();

      const deleted = nextEvent(ownerSocket, event);
      await t.http.del(`/quick-messages/${secret.id}`, owner.token);
      expect(await deleted).toEqual({ action: "delete", id: secret.id });
    } finally {
      for (const s of [ownerSocket, colleagueSocket, strangerSocket]) s.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { quickMessages } from "../../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("GET /quick-messages/list", () => {
  it("gives the caller's own and the company's shared active quick messages, by shortcode, never another company's", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const colleague = await createAttendant(t, a.token);
    const me = await createAttendant(t, a.token);
    const rows = await t.built.ctx.db
      .insert(quickMessages)
      .values([
        { companyId: a.company.id, userId: me.id, shortcode: "ola", message: "Olá, {{name}}!" },
        { companyId: a.company.id, userId: colleague.id, shortcode: "preco", message: "Tabela de preços", geral: true, mediaPath: "quick/1/tabela.pdf", mediaName: "tabela.pdf" },
        { companyId: a.company.id, userId: colleague.id, shortcode: "privada", message: "Só do colega" },
        { companyId: a.company.id, userId: null, shortcode: "adeus", message: "Até logo", geral: true },
        { companyId: a.company.id, userId: me.id, shortcode: "inativa", message: "Desligada", status: false },
        { companyId: b.company.id, userId: b.user.id, shortcode: "b-geral", message: "De B", geral: true },
      ])
      .returning();
    const res = await t.http.get(`/quick-messages/list?companyId=${b.company.id}&userId=${colleague.id}`, me.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: rows[3].id, shortcode: "adeus", message: "Até logo", mediaPath: null, mediaName: null, geral: true },
      { id: rows[0].id, shortcode: "ola", message: "Olá, {{name}}!", mediaPath: null, mediaName: null, geral: false },
      // the attachment's authenticated address, never the stored key
      { id: rows[1].id, shortcode: "preco", message: "Tabela de preços", mediaPath: `/media/quick-messages/${rows[1].id}`, mediaName: "tabela.pdf", geral: true },
    ]);
    const forColleague = await t.http.get("/quick-messages/list", colleague.token);
    expect(forColleague.body.map((q: { shortcode: string }) => q.shortcode)).toEqual(["adeus", "preco", "privada"]);
    const forB = await t.http.get(`/quick-messages/list?companyId=${a.company.id}&userId=${me.id}`, b.token);
    expect(forB.body.map((q: { shortcode: string }) => q.shortcode)).toEqual(["b-geral"]);
  });

  it("needs a signed-in caller", async () => {
    expect((await t.http.get("/quick-messages/list")).status).toBe(401);
  });
});

describe("a new quick reply's reach", () => {
  it("is company-wide unless its author asks for a private one: an attendant sees the admin's new reply", async () => {
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    const shared = await t.http.post("/quick-messages", { shortcode: "boas-vindas", message: "Bem-vindo!" }, a.token);
    expect(shared.status).toBe(201);
    expect(shared.body.geral).toBe(true);
    await t.http.post("/quick-messages", { shortcode: "rascunho", message: "Só meu", geral: false }, a.token);
    const list = await t.http.get("/quick-messages/list", attendant.token);
    expect(list.body.map((q: { shortcode: string }) => q.shortcode)).toEqual(["boas-vindas"]);
  });

  it("keeps its stored choice when an edit leaves geral out", async () => {
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    const own = (await t.http.post("/quick-messages", { shortcode: "minha", message: "x", geral: false }, attendant.token)).body;
    const edited = await t.http.put(`/quick-messages/${own.id}`, { shortcode: "minha", message: "y" }, attendant.token);
    expect(edited.body).toMatchObject({ message: "y", geral: false });
    const shared = (await t.http.post("/quick-messages", { shortcode: "todos", message: "x" }, attendant.token)).body;
    expect((await t.http.put(`/quick-messages/${shared.id}`, { shortcode: "todos", message: "z" }, attendant.token)).body.geral).toBe(true);
  });
});

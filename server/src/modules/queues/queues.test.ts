import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { queues } from "../../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("GET /queue", () => {
  it("lists the company's queues by orderQueue then name, to any signed-in user of the company", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const rows = await t.built.ctx.db
      .insert(queues)
      .values([
        { companyId: a.company.id, name: "Suporte", color: "#0000ff", orderQueue: 2, greetingMessage: "Olá do suporte", outOfHoursMessage: "Fechado" },
        { companyId: a.company.id, name: "Vendas", color: "#00ff00", orderQueue: 1 },
        { companyId: a.company.id, name: "Avulsa", color: "#ff00ff" },
        { companyId: a.company.id, name: "Cobrança", color: "#ffff00", orderQueue: 2 },
        { companyId: b.company.id, name: "Fila de B", color: "#000000", orderQueue: 0 },
      ])
      .returning();
    const attendant = await createAttendant(t, a.token);
    const res = await t.http.get(`/queue?companyId=${b.company.id}`, attendant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: rows[1].id, name: "Vendas", color: "#00ff00", greetingMessage: "", outOfHoursMessage: "", orderQueue: 1 },
      { id: rows[3].id, name: "Cobrança", color: "#ffff00", greetingMessage: "", outOfHoursMessage: "", orderQueue: 2 },
      { id: rows[0].id, name: "Suporte", color: "#0000ff", greetingMessage: "Olá do suporte", outOfHoursMessage: "Fechado", orderQueue: 2 },
      { id: rows[2].id, name: "Avulsa", color: "#ff00ff", greetingMessage: "", outOfHoursMessage: "", orderQueue: null },
    ]);
    expect((await t.http.get("/queue", b.token)).body.map((q: { name: string }) => q.name)).toEqual(["Fila de B"]);
    expect((await t.http.get("/queue")).status).toBe(401);
  });
});

describe("POST /queue", () => {
  it("creates a queue for admins, with the spec's rules and unique colours", async () => {
    const a = await signUpCompany(t.http);
    const res = await t.http.post("/queue", { name: "Financeiro", color: "#123abc", greetingMessage: "Olá!" }, a.token);
    expect(res).toMatchObject({ status: 201, body: { name: "Financeiro", color: "#123abc", greetingMessage: "Olá!", orderQueue: null } });
    expect(await t.http.post("/queue", { name: "Outra", color: "#123abc" }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } });
    expect(await t.http.post("/queue", { name: "F", color: "#000" }, a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Too Short!" } });
    expect(await t.http.post("/queue", { name: "Cor", color: "#1" }, a.token)).toMatchObject({ status: 400, body: { field: "color", message: "color: Too Short!" } });
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.post("/queue", { name: "Nope", color: "#999999" }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

const asSettings = (list: { key: string; value: string }[]) => Object.fromEntries(list.map((s) => [s.key, JSON.parse(s.value)]));
const settings = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 120, variables: [{ key: "loja", value: "Padaria Central" }] };

describe("GET /campaign-settings", () => {
  it("is empty until saved: the page shows the defaults", async () => {
    expect(await t.http.get("/campaign-settings", b.token)).toMatchObject({ status: 200, body: [] });
  });

  it("requires a session", async () => {
    expect((await t.http.get("/campaign-settings")).status).toBe(401);
  });
});

describe("POST /campaign-settings", () => {
  it("saves every key as JSON text for the caller's company only", async () => {
    const res = await t.http.post("/campaign-settings", { settings }, a.token);
    expect(res.status).toBe(200);
    expect(res.body.map((s: { key: string }) => s.key)).toEqual(["greaterInterval", "longerIntervalAfter", "messageInterval", "variables"]);
    expect(res.body[0]).toMatchObject({ id: expect.any(Number), companyId: a.company.id, value: "120" });
    expect(asSettings((await t.http.get("/campaign-settings", a.token)).body)).toEqual(settings);
    expect((await t.http.get("/campaign-settings", b.token)).body).toEqual([]);
  });

  it("saves again over the stored keys, the variables list replaced", async () => {
    const next = { ...settings, messageInterval: 0, variables: [{ key: "cupom", value: "BOASVINDAS" }] };
    expect((await t.http.post("/campaign-settings", { settings: next }, a.token)).status).toBe(200);
    const list = (await t.http.get("/campaign-settings", a.token)).body;
    expect(list).toHaveLength(4);
    expect(asSettings(list)).toEqual(next);
  });

  it("fills a key left out with its default", async () => {
    const c = await signUpCompany(t.http);
    expect((await t.http.post("/campaign-settings", { settings: { messageInterval: 10 } }, c.token)).status).toBe(200);
    expect(asSettings((await t.http.get("/campaign-settings", c.token)).body)).toEqual({ messageInterval: 10, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
  });

  it("refuses a value outside the spec's choices, naming the field, and changes nothing", async () => {
    const before = (await t.http.get("/campaign-settings", a.token)).body;
    const invalid = (field: string) => ({ status: 400, body: { error: "ERR_VALIDATION", field } });
    expect(await t.http.post("/campaign-settings", { settings: { ...settings, messageInterval: 7 } }, a.token)).toMatchObject(invalid("settings.messageInterval"));
    expect(await t.http.post("/campaign-settings", { settings: { ...settings, greaterInterval: 121 } }, a.token)).toMatchObject(invalid("settings.greaterInterval"));
    expect(await t.http.post("/campaign-settings", { settings: { ...settings, longerIntervalAfter: "muitos" } }, a.token)).toMatchObject(invalid("settings.longerIntervalAfter"));
    const twice = [
      { key: "loja", value: "A" },
      { key: "loja", value: "B" },
    ];
    expect(await t.http.post("/campaign-settings", { settings: { ...settings, variables: twice } }, a.token)).toMatchObject(invalid("settings.variables"));
    expect(await t.http.post("/campaign-settings", { settings: { ...settings, variables: [{ key: "com espaço", value: "x" }] } }, a.token)).toMatchObject(invalid("settings.variables.0.key"));
    expect(await t.http.post("/campaign-settings", { settings: { ...settings, variables: [{ key: "vazio", value: " " }] } }, a.token)).toMatchObject(invalid("settings.variables.0.value"));
    expect(await t.http.post("/campaign-settings", {}, a.token)).toMatchObject(invalid("settings"));
    expect((await t.http.get("/campaign-settings", a.token)).body).toEqual(before);
  });

  it("is for admins, and only while the company has campaigns", async () => {
    const user = { name: "Maria Silva", email: `${unique("maria")}@example.com`, password: "secret1", profile: "user" };
    expect((await t.http.post("/users", user, a.token)).status).toBe(201);
    const attendant = await t.http.login(user.email, user.password);
    expect((await t.http.get("/campaign-settings", attendant.token)).status).toBe(403);
    expect((await t.http.post("/campaign-settings", { settings }, attendant.token)).status).toBe(403);

    // a plan without campaigns, and the company's own flag off: the pages and their API are closed
    const root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
    const plan = await t.http.post("/plans", { name: unique("Plano "), users: 5, connections: 2, queues: 3, value: 49.9, useCampaigns: false }, root);
    expect(plan.status).toBe(201);
    const d = await signUpCompany(t.http, { planId: plan.body.id });
    expect((await t.http.get("/campaign-settings", d.token)).status).toBe(200);
    expect((await t.http.put("/settings/campaignsEnabled", { value: "false" }, d.token)).status).toBe(200);
    expect((await t.http.get("/campaign-settings", d.token)).status).toBe(403);
    expect((await t.http.post("/campaign-settings", { settings }, d.token)).status).toBe(403);
  });
});

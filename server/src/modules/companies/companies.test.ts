import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { addDays, today } from "./dueDate";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const validSignup = () => ({
  name: unique("Acme "),
  email: `${unique("boss")}@example.com`,
  phone: "(11) 98888-7777",
  password: "secret1",
  planId: 1,
  recurrence: "MENSAL",
  dueDate: "2099-12-31T00:00:00-03:00",
  status: "t",
  campaignsEnabled: true,
});

describe("GET /plans/list and /version (public)", () => {
  it("lists the seeded plan with every use* flag on", async () => {
    const res = await t.http.get("/plans/list");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: 1,
        name: "Plano 1",
        users: 10,
        connections: 10,
        queues: 10,
        value: 30,
        useCampaigns: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
      }),
    ]);
  });

  it("reports the version", async () => {
    expect(await t.http.get("/version")).toMatchObject({ status: 200, body: { version: "6.0.0" } });
  });
});

describe("POST /companies/cadastro", () => {
  it("creates a 3-day trial company (MENSAL, active, campaigns on) and its admin, ignoring the client's due date", async () => {
    const body = validSignup();
    const res = await t.http.post("/companies/cadastro", body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: body.name, email: body.email, phone: "11988887777", status: true, recurrence: "MENSAL", planId: 1, dueDate: addDays(today(), 3) });

    const session = await t.http.login(body.email, body.password);
    expect(session.user).toMatchObject({ name: body.name, profile: "admin", super: false, companyId: res.body.id });
    const settings = Object.fromEntries(session.user.company.settings.map((s: { key: string; value: string }) => [s.key, s.value]));
    expect(settings.campaignsEnabled).toBe("true");
  });

  it("names the first admin after the person who signed up, and after the company when the payload has no userName", async () => {
    const body = { ...validSignup(), userName: "  Maria Souza " };
    expect((await t.http.post("/companies/cadastro", body)).status).toBe(201);
    const session = await t.http.login(body.email, body.password);
    expect(session.user).toMatchObject({ name: "Maria Souza", profile: "admin" });
    expect(session.user.company.name).toBe(body.name);

    const original = validSignup();
    expect((await t.http.post("/companies/cadastro", original)).status).toBe(201);
    expect((await t.http.login(original.email, original.password)).user.name).toBe(original.name);
  });

  it.each([
    [{ userName: "M" }, "userName", "Too Short!"],
    [{ userName: "x".repeat(51) }, "userName", "Too Long!"],
    [{ name: "A" }, "name", "Too Short!"],
    [{ name: "x".repeat(51) }, "name", "Too Long!"],
    [{ email: "nope" }, "email", "Invalid email"],
    [{ password: "1234" }, "password", "Too Short!"],
    [{ phone: "(11) 9" }, "phone", "Too Short!"],
    [{ phone: "(11) 99999-99999" }, "phone", "Too Long!"],
    [{ planId: undefined }, "planId", "Required"],
  ])("rejects %j with a 400 naming %s", async (override, field, message) => {
    const res = await t.http.post("/companies/cadastro", { ...validSignup(), ...override });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field, message: `${field}: ${message}` });
  });

  it("rejects a taken email or company name and an unknown plan, creating nothing", async () => {
    const first = validSignup();
    expect((await t.http.post("/companies/cadastro", first)).status).toBe(201);
    const sameEmail = await t.http.post("/companies/cadastro", { ...validSignup(), email: first.email });
    expect(sameEmail).toMatchObject({ status: 400, body: { error: "ERR_EMAIL_ALREADY_EXISTS" } });
    const adminEmail = await t.http.post("/companies/cadastro", { ...validSignup(), email: ADMIN.email });
    expect(adminEmail).toMatchObject({ status: 400, body: { error: "ERR_EMAIL_ALREADY_EXISTS" } });
    const sameName = validSignup();
    const nameTaken = await t.http.post("/companies/cadastro", { ...sameName, name: first.name });
    expect(nameTaken).toMatchObject({ status: 400, body: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS" } });
    // nothing was created for the refused sign-up: its email is still free
    expect((await t.http.post("/companies/cadastro", sameName)).status).toBe(201);
    const badPlan = await t.http.post("/companies/cadastro", { ...validSignup(), planId: 999 });
    expect(badPlan).toMatchObject({ status: 400, body: { error: "ERR_NO_PLAN_FOUND" } });
  });
});

describe("GET /companies/listPlan/:companyId", () => {
  it("returns the caller's company with its plan flags", async () => {
    const owner = await signUpCompany(t.http);
    const res = await t.http.get(`/companies/listPlan/${owner.company.id}`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: owner.company.id, name: owner.company.name, plan: { id: 1, useKanban: true, useCampaigns: true } });
  });

  it("refuses another company's plan to a non-super user and allows it to the super user", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    expect(await t.http.get(`/companies/listPlan/${a.company.id}`, b.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const admin = await t.http.login(ADMIN.email, ADMIN.password);
    expect((await t.http.get(`/companies/listPlan/${a.company.id}`, admin.token)).status).toBe(200);
    expect(await t.http.get(`/companies/listPlan/99999`, admin.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
    expect((await t.http.get(`/companies/listPlan/abc`, admin.token)).status).toBe(400);
  });

  it("requires a session", async () => {
    expect((await t.http.get("/companies/listPlan/1")).status).toBe(401);
  });
});

describe("sign-up rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { SIGNUP_MAX_PER_IP: "2" } });
  });
  afterAll(async () => limited?.close());

  it("answers ERR_TOO_MANY_ATTEMPTS after the hourly allowance of one address", async () => {
    expect((await limited.http.post("/companies/cadastro", validSignup())).status).toBe(201);
    expect((await limited.http.post("/companies/cadastro", validSignup())).status).toBe(201);
    expect(await limited.http.post("/companies/cadastro", validSignup())).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
  });
});

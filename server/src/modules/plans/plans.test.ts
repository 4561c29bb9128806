import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await startTestApp();
  root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => t?.close());

const FLAGS = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
const newPlan = (over: Record<string, unknown> = {}) => ({ name: unique("Plano "), users: 5, connections: 2, queues: 3, value: 49.9, ...over });
const companyBody = (planId: number, over: Record<string, unknown> = {}) => ({ name: unique("Empresa "), email: `${unique("e")}@example.com`, planId, recurrence: "MENSAL", dueDate: "2099-01-10", status: true, ...over });
const queue = () => ({
  name: unique("Fila "),
  color: `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`,
});

describe("plans: the super user's CRUD", () => {
  it("creates with the spec's defaults (0 limits, value 0, every feature on), finds, lists paged and searched", async () => {
    const name = unique("Básico ");
    const created = await t.http.post("/plans", { name }, root);
    expect(created).toMatchObject({ status: 201, body: { name, users: 0, connections: 0, queues: 0, value: 0, ...FLAGS } });
    expect(await t.http.get(`/plans/${created.body.id}`, root)).toMatchObject({ status: 200, body: { id: created.body.id, name } });
    const page = await t.http.get(`/plans?searchParam=${encodeURIComponent(name.toLowerCase())}&pageNumber=1`, root);
    expect(page).toMatchObject({ status: 200, body: { count: 1, hasMore: false, plans: [{ id: created.body.id }] } });
    expect((await t.http.get("/plans/all", root)).body.map((p: { id: number }) => p.id)).toContain(created.body.id);
    expect((await t.http.get("/plans/list")).body.map((p: { id: number }) => p.id)).toContain(created.body.id);
  });

  it("saves every limit and flag, as booleans or the client's strings", async () => {
    const body = newPlan({ useCampaigns: false, useKanban: "false", useOpenAi: "disabled", value: "19.90" });
    const created = await t.http.post("/plans", body, root);
    expect(created).toMatchObject({ status: 201, body: { users: 5, connections: 2, queues: 3, value: 19.9, useCampaigns: false, useKanban: false, useOpenAi: false, useIntegrations: true } });
    const updated = await t.http.put(`/plans/${created.body.id}`, { ...body, name: created.body.name, users: 7, useKanban: true }, root);
    expect(updated).toMatchObject({ status: 200, body: { users: 7, useKanban: true } });
  });

  it.each([
    [{ name: "" }, "name", "Required"],
    [{ name: "x".repeat(51) }, "name", "Too Long!"],
    [{ users: -1 }, "users", "Invalid value"],
    [{ queues: 1.5 }, "queues", "Invalid value"],
    [{ value: "abc" }, "value", "Invalid value"],
    [{ useKanban: "maybe" }, "useKanban", "Invalid value"],
  ])("rejects %j with a 400 naming %s", async (override, field, message) => {
    const res = await t.http.post("/plans", newPlan(override), root);
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: ${message}` } });
  });

  it("keeps names unique and answers unknown plans with 404", async () => {
    const first = await t.http.post("/plans", newPlan(), root);
    expect(await t.http.post("/plans", newPlan({ name: first.body.name }), root)).toMatchObject({ status: 400, body: { error: "ERR_PLAN_NAME_ALREADY_EXISTS" } });
    const other = await t.http.post("/plans", newPlan(), root);
    expect(await t.http.put(`/plans/${other.body.id}`, newPlan({ name: first.body.name }), root)).toMatchObject({ status: 400, body: { error: "ERR_PLAN_NAME_ALREADY_EXISTS" } });
    expect(await t.http.put("/plans/999999", newPlan(), root)).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
    expect(await t.http.get("/plans/999999", root)).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
    expect(await t.http.del("/plans/999999", root)).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
  });

  it("refuses to delete a plan a company is on (ERR_PLAN_IN_USE); a free one goes, and the audit log keeps it", async () => {
    const used = await t.http.post("/plans", newPlan(), root);
    expect((await t.http.post("/companies", companyBody(used.body.id), root)).status).toBe(201);
    expect(await t.http.del(`/plans/${used.body.id}`, root)).toMatchObject({ status: 400, body: { error: "ERR_PLAN_IN_USE", count: 1 } });
    expect((await t.http.get(`/plans/${used.body.id}`, root)).status).toBe(200);

    const free = await t.http.post("/plans", newPlan(), root);
    expect(await t.http.del(`/plans/${free.body.id}`, root)).toMatchObject({ status: 200 });
    expect((await t.http.get(`/plans/${free.body.id}`, root)).status).toBe(404);
    const trail = await t.http.get("/audit-logs?action=plan.", root);
    const actions = trail.body.auditLogs.filter((l: { entityId: string }) => l.entityId === String(free.body.id)).map((l: { action: string }) => l.action);
    expect(actions.sort()).toEqual(["plan.created", "plan.deleted"]);
  });

  it("answers 403 ERR_NO_PERMISSION to every write of an admin or attendant, whatever the body; reads need a session", async () => {
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    for (const token of [a.token, attendant.token]) {
      expect(await t.http.post("/plans", { nonsense: true }, token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.put("/plans/1", newPlan(), token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.del("/plans/1", token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect((await t.http.get("/plans", token)).status).toBe(200);
    }
    expect((await t.http.get("/plans")).status).toBe(401);
    expect((await t.http.get("/plans/1")).status).toBe(401);
    expect((await t.http.get("/plans/1", root)).body).toMatchObject({ name: "Plano 1" });
  });
});

describe("a plan's limits and menu", () => {
  it("hold at once when the company is moved to another plan or its plan is edited, and reach its open sessions", async () => {
    const small = await t.http.post("/plans", newPlan({ queues: 1, useKanban: false }), root);
    const big = await t.http.post("/plans", newPlan({ queues: 3 }), root);
    const created = await t.http.post("/companies", companyBody(small.body.id, { password: "secret1" }), root);
    expect(created.status).toBe(201);
    const owner = await t.http.login(created.body.email, "secret1");
    const socket = await connectSocket(t.url, owner.token);
    try {
      expect((await t.http.post("/queue", queue(), owner.token)).status).toBe(201);
      expect(await t.http.post("/queue", queue(), owner.token)).toMatchObject({ status: 400, body: { error: "ERR_QUEUE_LIMIT_REACHED", limit: 1 } });

      const moved = nextEvent(socket, `company-${created.body.id}-plan`);
      expect((await t.http.put(`/companies/${created.body.id}`, companyBody(big.body.id, { name: created.body.name, email: created.body.email }), root)).status).toBe(200);
      expect(await moved).toMatchObject({ action: "update", companyId: created.body.id, plan: { id: big.body.id, queues: 3, useKanban: true } });
      expect((await t.http.get(`/companies/listPlan/${created.body.id}`, owner.token)).body.plan).toMatchObject({ id: big.body.id, useKanban: true });
      expect((await t.http.post("/queue", queue(), owner.token)).status).toBe(201);
      expect((await t.http.post("/queue", queue(), owner.token)).status).toBe(201);
      expect(await t.http.post("/queue", queue(), owner.token)).toMatchObject({ status: 400, body: { error: "ERR_QUEUE_LIMIT_REACHED", limit: 3 } });

      const edited = nextEvent(socket, `company-${created.body.id}-plan`);
      expect((await t.http.put(`/plans/${big.body.id}`, { ...newPlan({ queues: 4, useKanban: false }), name: big.body.name }, root)).status).toBe(200);
      expect(await edited).toMatchObject({ action: "update", plan: { id: big.body.id, queues: 4, useKanban: false } });
      expect((await t.http.post("/queue", queue(), owner.token)).status).toBe(201);
      expect(await t.http.post("/queue", queue(), owner.token)).toMatchObject({ status: 400, body: { error: "ERR_QUEUE_LIMIT_REACHED", limit: 4 } });
    } finally {
      socket.close();
    }
  });

  it("does not reach companies on other plans", async () => {
    const mine = await t.http.post("/plans", newPlan(), root);
    const other = await signUpCompany(t.http);
    const socket = await connectSocket(t.url, other.token);
    try {
      const heard = nextEvent(socket, `company-${other.company.id}-plan`, 800);
      expect((await t.http.put(`/plans/${mine.body.id}`, { ...newPlan(), name: mine.body.name }, root)).status).toBe(200);
      expect(await heard).toBeNull();
    } finally {
      socket.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestApp, type TestApp } from "../../test/harness";

describe("the session user, as the spec's client reads it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it("carries each queue's UserQueue link, at login and in GET /users/:id", async () => {
    const admin = await t.http.login(ADMIN.email, ADMIN.password);
    const queue = await t.http.post("/queue", { name: "Vendas", color: "#123456", greetingMessage: "" }, admin.token);
    expect((await t.http.put(`/users/${admin.user.id}`, { queueIds: [queue.body.id] }, admin.token)).status).toBe(200);

    const again = await t.http.login(ADMIN.email, ADMIN.password);
    expect(again.user.queues).toEqual([expect.objectContaining({ id: queue.body.id, UserQueue: { userId: admin.user.id, queueId: queue.body.id } })]);
    const shown = await t.http.get(`/users/${admin.user.id}`, again.token);
    expect(shown.body.queues[0].UserQueue).toEqual({ userId: admin.user.id, queueId: queue.body.id });
  });

  it("gives the platform owner's company a due date ahead", async () => {
    const { user } = await t.http.login(ADMIN.email, ADMIN.password);
    expect(new Date(user.company.dueDate).getTime()).toBeGreaterThan(Date.now());
  });

  it("lets the login page read viewregister without a token, and nothing else", async () => {
    expect(await t.http.get("/settings/viewregister")).toMatchObject({ status: 200, body: { key: "viewregister", value: "enabled" } });
    expect((await t.http.get("/settings/")).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

let colour = 0;
async function queueOf(token: string, name = "Vendas") {
  const res = await t.http.post("/queue", { name, color: `#${(++colour).toString(16).padStart(6, "0")}` }, token);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { id: number };
}

describe("queue options", () => {
  it("builds a two-level menu and lists it by level, in creation order", async () => {
    const a = await signUpCompany(t.http);
    const queue = await queueOf(a.token);
    const top = await t.http.post("/queue-options", { queueId: queue.id, parentId: null, title: "Vendas", message: "Escolha o plano", option: "1" }, a.token);
    expect(top).toMatchObject({ status: 201, body: { queueId: queue.id, parentId: null, title: "Vendas", message: "Escolha o plano", option: "1" } });
    const second = await t.http.post("/queue-options", { queueId: String(queue.id), parentId: -1, title: "Suporte", option: 2 }, a.token);
    expect(second).toMatchObject({ status: 201, body: { parentId: null, option: "2", message: "" } });
    const child = await t.http.post("/queue-options", { queueId: queue.id, parentId: top.body.id, title: "Novos planos", message: "Temos 3 planos", option: "1" }, a.token);
    expect(child).toMatchObject({ status: 201, body: { parentId: top.body.id, title: "Novos planos" } });

    const level0 = await t.http.get(`/queue-options?queueId=${queue.id}&parentId=-1`, a.token);
    expect(level0.status).toBe(200);
    expect(level0.body.map((o: { title: string }) => o.title)).toEqual(["Vendas", "Suporte"]);
    const level1 = await t.http.get(`/queue-options?queueId=${queue.id}&parentId=${top.body.id}`, a.token);
    expect(level1.body).toEqual([expect.objectContaining({ id: child.body.id, title: "Novos planos", option: "1", queueId: queue.id, parentId: top.body.id })]);
    expect((await t.http.get(`/queue-options?queueId=${queue.id}`, a.token)).body).toHaveLength(3);
    expect(await t.http.get(`/queue-options/${child.body.id}`, a.token)).toMatchObject({ status: 200, body: { id: child.body.id, message: "Temos 3 planos" } });
  });

  it("edits an option's texts in place and validates them naming the field", async () => {
    const a = await signUpCompany(t.http);
    const queue = await queueOf(a.token);
    const { body: option } = await t.http.post("/queue-options", { queueId: queue.id, title: "Vendas", option: "1" }, a.token);
    const res = await t.http.put(`/queue-options/${option.id}`, { title: "Comercial", message: "Fale com vendas", option: "9", parentId: 12345, queueId: 999 }, a.token);
    expect(res).toMatchObject({ status: 200, body: { id: option.id, title: "Comercial", message: "Fale com vendas", option: "9", parentId: null, queueId: queue.id } });
    expect(await t.http.put(`/queue-options/${option.id}`, { title: "" }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "title" } });
    expect(await t.http.post("/queue-options", { queueId: queue.id, option: "1" }, a.token)).toMatchObject({ status: 400, body: { field: "title", message: "title: Required" } });
    expect(await t.http.post("/queue-options", { queueId: queue.id, title: "Sem número" }, a.token)).toMatchObject({ status: 400, body: { field: "option" } });
    expect(await t.http.post("/queue-options", { title: "Sem fila", option: "1" }, a.token)).toMatchObject({ status: 400, body: { field: "queueId", message: "queueId: Required" } });
    expect(await t.http.post("/queue-options", { queueId: queue.id, parentId: "x", title: "T", option: "1" }, a.token)).toMatchObject({ status: 400, body: { field: "parentId" } });
  });

  it("deletes an option with its whole subtree", async () => {
    const a = await signUpCompany(t.http);
    const queue = await queueOf(a.token);
    const add = async (title: string, parentId: number | null) => (await t.http.post("/queue-options", { queueId: queue.id, parentId, title, option: "1" }, a.token)).body.id as number;
    const root = await add("Vendas", null);
    const kept = await add("Suporte", null);
    const child = await add("Planos", root);
    const grandchild = await add("Plano anual", child);
    expect(await t.http.del(`/queue-options/${root}`, a.token)).toMatchObject({ status: 200 });
    for (const id of [root, child, grandchild]) expect(await t.http.get(`/queue-options/${id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await t.http.get(`/queue-options?queueId=${queue.id}`, a.token)).body.map((o: { id: number }) => o.id)).toEqual([kept]);
    expect(await t.http.del(`/queue-options/${root}`, a.token)).toMatchObject({ status: 404 });
  });

  it("goes away with its queue", async () => {
    const a = await signUpCompany(t.http);
    const queue = await queueOf(a.token);
    const { body: option } = await t.http.post("/queue-options", { queueId: queue.id, title: "Vendas", option: "1" }, a.token);
    await t.http.del(`/queue/${queue.id}`, a.token);
    expect(await t.http.get(`/queue-options/${option.id}`, a.token)).toMatchObject({ status: 404 });
  });

  it("lets only admins write, and keeps every company to its own queues and options", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const queueA = await queueOf(a.token, "Fila A");
    const otherQueueA = await queueOf(a.token, "Fila A2");
    const queueB = await queueOf(b.token, "Fila B");
    const { body: optionA } = await t.http.post("/queue-options", { queueId: queueA.id, title: "Vendas", option: "1" }, a.token);

    const attendant = await createAttendant(t, a.token);
    expect((await t.http.get(`/queue-options?queueId=${queueA.id}&parentId=-1`, attendant.token)).body).toHaveLength(1);
    expect(await t.http.post("/queue-options", { queueId: queueA.id, title: "X", option: "2" }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.put(`/queue-options/${optionA.id}`, { title: "X" }, attendant.token)).toMatchObject({ status: 403 });
    expect(await t.http.del(`/queue-options/${optionA.id}`, attendant.token)).toMatchObject({ status: 403 });

    // company B sees nothing of A and cannot attach to it
    expect((await t.http.get(`/queue-options?queueId=${queueA.id}`, b.token)).body).toEqual([]);
    expect((await t.http.get("/queue-options", b.token)).body).toEqual([]);
    expect(await t.http.get(`/queue-options/${optionA.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await t.http.put(`/queue-options/${optionA.id}`, { title: "Tomada" }, b.token)).toMatchObject({ status: 404 });
    expect(await t.http.del(`/queue-options/${optionA.id}`, b.token)).toMatchObject({ status: 404 });
    expect(await t.http.post("/queue-options", { queueId: queueA.id, title: "X", option: "1" }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_QUEUE_NOT_FOUND" } });
    expect(await t.http.post("/queue-options", { queueId: queueB.id, parentId: optionA.id, title: "X", option: "1" }, b.token)).toMatchObject({ status: 404, body: { field: "parentId" } });
    // a parent must belong to the same queue
    expect(await t.http.post("/queue-options", { queueId: otherQueueA.id, parentId: optionA.id, title: "X", option: "1" }, a.token)).toMatchObject({ status: 404, body: { field: "parentId" } });
    expect((await t.http.get(`/queue-options/${optionA.id}`, a.token)).body.title).toBe("Vendas");
  });
});

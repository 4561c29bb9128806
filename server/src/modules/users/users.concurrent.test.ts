import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { queues, userQueues } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("concurrent edits of one user", () => {
  it("20 PUT /users/:id with queueIds at once all succeed and leave one of the requested sets", async () => {
    const queueIds = (
      await t.built.ctx.db
        .insert(queues)
        .values(Array.from({ length: 4 }, (_, i) => ({ companyId: a.company.id, name: unique(`Fila ${i} `), color: `#00000${i}` })))
        .returning()
    ).map((q) => q.id);
    const created = await t.http.post("/users", { name: "Maria Silva", email: `${unique("maria")}@example.com`, password: "secret1", profile: "user", queueIds: [queueIds[0]] }, a.token);
    expect(created.status).toBe(201);
    const sets = Array.from({ length: 20 }, (_, i) => queueIds.filter((_, q) => (i >> q) % 2 === 1 || q === i % 4));
    const results = await Promise.all(sets.map((ids, i) => t.http.put(`/users/${created.body.id}`, { name: `Maria ${i}`, queueIds: ids }, a.token)));
    expect(results.map((r) => r.status)).toEqual(sets.map(() => 200));

    const rows = await t.built.ctx.db
      .select({ id: userQueues.queueId })
      .from(userQueues)
      .where(and(eq(userQueues.companyId, a.company.id), eq(userQueues.userId, created.body.id)));
    const final = (await t.http.get(`/users/${created.body.id}`, a.token)).body;
    const winner = sets[Number(final.name.split(" ")[1])];
    expect(rows.map((r) => r.id).sort()).toEqual([...winner].sort());
    expect(final.queues.map((q: { id: number }) => q.id).sort()).toEqual([...winner].sort());
  });
});

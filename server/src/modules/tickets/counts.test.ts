import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { companies, queues } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let w: Awaited<ReturnType<typeof pairedSandbox>>;

const phone = () => `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  w = await pairedSandbox(t.http, a.token);
});
afterAll(async () => t?.close());

/** The kept counts and a real count of the tickets, per company, status, queue and attendant (zeros left out). */
async function keptAndReal() {
  const group = "company_id, status, coalesce(queue_id, 0) as queue, coalesce(user_id, 0) as usr";
  const kept = await t.built.ctx.database.query(`select ${group}, sum(n)::int as n from ticket_counts group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`);
  const real = await t.built.ctx.database.query(`select ${group}, count(*)::int as n from tickets group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return { kept, real };
}

async function expectCountsRight() {
  const { kept, real } = await keptAndReal();
  expect(kept).toEqual(real);
}

describe("ticket counts kept by the database (lists' counts and the dashboard)", () => {
  it("follow tickets through opening, accepting, transfers, closing, deletions of users, queues, tickets and companies", async () => {
    const [queue] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#123456" }).returning();
    const attendant = await createAttendant(t, a.token, { queueIds: [queue.id] });
    const opened: { id: number }[] = [];
    for (let i = 0; i < 4; i++) opened.push((await customerSays(t.http, w, phone(), `olá ${i}`)).ticket);
    await expectCountsRight();

    expect((await t.http.put(`/tickets/${opened[0].id}`, { status: "open", userId: a.user.id }, a.token)).status).toBe(200);
    expect((await t.http.put(`/tickets/${opened[1].id}`, { status: "open", userId: attendant.id, queueId: queue.id }, a.token)).status).toBe(200);
    expect((await t.http.put(`/tickets/${opened[2].id}`, { status: "closed" }, a.token)).status).toBe(200);
    await expectCountsRight();

    const pending = await t.http.get("/tickets?status=pending&showAll=true", a.token);
    expect(pending.body.count).toBe(1);
    const open = await t.http.get(`/tickets?status=open&showAll=true&queueIds=${JSON.stringify([queue.id])}`, a.token);
    expect(open.body.count).toBe(2); // the queue's ticket and the one without a queue
    const mine = await t.http.get("/tickets?status=open", attendant.token);
    expect(mine.body).toMatchObject({ count: 1, tickets: [{ id: opened[1].id }] });
    const dashboard = await t.http.get("/dashboard?days=30", a.token);
    expect(dashboard.body.counters).toMatchObject({ supportHappening: 2, supportPending: 1 });

    // foreign keys that set a ticket's queue or attendant to null change its counts too
    expect((await t.http.del(`/users/${attendant.id}`, a.token)).status).toBe(200);
    await t.built.ctx.db.delete(queues).where(eq(queues.id, queue.id));
    expect((await t.http.del(`/tickets/${opened[3].id}`, a.token)).status).toBe(200);
    await expectCountsRight();
    // the deleted attendant's ticket went back to pending
    const after = await t.http.get("/tickets?status=pending&showAll=true", a.token);
    expect(after.body).toMatchObject({ count: 1, tickets: [{ id: opened[1].id, userId: null, queueId: null }] });

    // a ticket changed twice in one transaction counts once, where it ended
    await t.built.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update tickets set status = 'pending', user_id = null where id = ${opened[0].id}`);
      await tx.execute(sql`update tickets set status = 'closed' where id = ${opened[0].id}`);
    });
    await expectCountsRight();

    // another company's deletion takes its tickets and its counts
    const b = await signUpCompany(t.http);
    const wb = await pairedSandbox(t.http, b.token);
    await customerSays(t.http, wb, phone(), "oi");
    await expectCountsRight();
    await t.built.ctx.db.delete(companies).where(eq(companies.id, b.company.id));
    await expectCountsRight();
    expect(await t.built.ctx.database.query("select * from ticket_counts where company_id = $1", [b.company.id])).toEqual([]);
  });

  it("stay right when many customers of one company write at once", async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => customerSays(t.http, w, phone(), `mensagem ${i}`)));
    await expectCountsRight();
  });
});

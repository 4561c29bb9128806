import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PAGE_SIZE, SEARCH_COUNT_CAP } from "@balcao/common";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { companies, contacts, queues, tags, tickets, ticketTags } from "../../db/schema";
import { createAttendant } from "../../test/workspaceFixtures";
import { listTickets } from "./list";
import { ticketResponses } from "./responses";

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

describe("GET /tickets, built as JSON by the database", () => {
  it("lists each ticket exactly as GET /tickets/:id presents it (contact, user, queue, connection, tags, or none of them)", async () => {
    const [queue] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#123456" }).returning();
    const { ticket } = await customerSays(t.http, w, phone(), "olá", { name: "Maria Souza" });
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id, queueId: queue.id }, a.token);
    const made = await t.built.ctx.db
      .insert(tags)
      .values([
        { companyId: a.company.id, name: "VIP", color: "#ff00ff" },
        { companyId: a.company.id, name: "Atacado", color: "#00ff00" },
      ])
      .returning();
    await t.built.ctx.db.insert(ticketTags).values(made.map((tag) => ({ companyId: a.company.id, ticketId: ticket.id, tagId: tag.id })));

    const list = await t.http.get("/tickets?showAll=true&status=open", a.token);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-type")).toContain("application/json");
    const listed = list.body.tickets.find((x: { id: number }) => x.id === ticket.id);
    const single = (await t.http.get(`/tickets/${ticket.id}`, a.token)).body;
    const byId = (x: { id: number }, y: { id: number }) => x.id - y.id;
    expect({ ...listed, tags: [...listed.tags].sort(byId) }).toEqual({ ...single, tags: [...single.tags].sort(byId) });
    expect(listed).toMatchObject({ user: { id: a.user.id }, queue: { name: "Vendas", color: "#123456" }, whatsapp: { id: w.id }, contact: { name: "Maria Souza" } });
    expect(listed.tags).toHaveLength(2);
    // the text goes out unserialised, so unchecked: it must still be the shape the route declares
    ticketResponses.page[200].parse(list.body);

    // and one without attendant, queue or tags: those parts are null and []
    const bare = (await customerSays(t.http, w, phone(), "oi")).ticket;
    const pending = (await t.http.get("/tickets?showAll=true&status=pending", a.token)).body.tickets.find((x: { id: number }) => x.id === bare.id);
    expect(pending).toEqual((await t.http.get(`/tickets/${bare.id}`, a.token)).body);
    expect(pending).toMatchObject({ user: null, queue: null, tags: [] });
  });

  it("pages a search, 40 newest first, whether the word is rare (trigram index) or common (newest tickets walked)", async () => {
    const word = `boleto${Date.now()}`;
    const made: number[] = [];
    for (let i = 0; i < PAGE_SIZE.tickets + 5; i++) made.push((await customerSays(t.http, w, phone(), `segunda via do ${word} ${i}`)).ticket.id);
    const first = await t.http.get(`/tickets?searchParam=${word}&showAll=true`, a.token);
    expect(first.body.tickets).toHaveLength(PAGE_SIZE.tickets);
    expect(first.body).toMatchObject({ hasMore: true, count: made.length });
    expect(first.body.tickets[0].id).toBe(made.at(-1));
    const second = await t.http.get(`/tickets?searchParam=${word}&showAll=true&pageNumber=2`, a.token);
    expect(second.body).toMatchObject({ hasMore: false, count: made.length });
    expect(second.body.tickets.map((x: { id: number }) => x.id).sort()).toEqual(made.slice(0, 5).sort());
    const beyond = await t.http.get(`/tickets?searchParam=${word}&showAll=true&pageNumber=9`, a.token);
    expect(beyond.body).toEqual({ tickets: [], count: made.length, hasMore: false });

    // as a common word: the same pages; the count is exact below the cap
    const caller = { id: a.user.id, companyId: a.company.id, profile: "admin", super: false, allTicket: "disable", sessionId: "test" };
    const asCommon = (pageNumber: number) =>
      listTickets(t.built.ctx.database, caller, { searchParam: word, pageNumber, showAll: true, withUnreadMessages: false, queueIds: undefined, tags: undefined, users: undefined }, { commonWordMessages: -1 }).then((s) =>
        JSON.parse(s),
      );
    expect(await asCommon(1)).toEqual(first.body);
    expect(await asCommon(2)).toEqual(second.body);
    expect(SEARCH_COUNT_CAP).toBeGreaterThan(made.length);
  });

  it("finds a ticket by its contact's name or number, and a ticket with many matching messages once, for rare and common words", async () => {
    const word = `Pereira${Date.now()}`;
    const byName = (await customerSays(t.http, w, phone(), "oi", { name: `Joana ${word}` })).ticket.id;
    const number = phone();
    const byNumber = (await customerSays(t.http, w, number, "bom dia")).ticket.id;
    const twice = (await customerSays(t.http, w, phone(), `falar com ${word}`)).ticket.id;
    await customerSays(t.http, w, phone(), "outro assunto");
    await t.http.post(`/sandbox/${w.id}/inbound`, { number: (await t.http.get(`/tickets/${twice}`, a.token)).body.contact.number, body: `de novo ${word}` }, w.token);
    const caller = { id: a.user.id, companyId: a.company.id, profile: "admin", super: false, allTicket: "disable", sessionId: "test" };
    for (const commonWordMessages of [2_000, -1]) {
      const search = (q: string) =>
        listTickets(t.built.ctx.database, caller, { searchParam: q, pageNumber: 1, showAll: true, withUnreadMessages: false, queueIds: undefined, tags: undefined, users: undefined }, { commonWordMessages }).then((s) =>
          JSON.parse(s),
        );
      const found = await search(word.toLowerCase());
      expect(found).toMatchObject({ count: 2, hasMore: false });
      expect(found.tickets.map((x: { id: number }) => x.id)).toEqual([twice, byName]);
      expect((await search(number.slice(-8))).tickets.map((x: { id: number }) => x.id)).toEqual([byNumber]);
    }
  });

  it("finds nothing for a word nobody wrote, and never a 500 for LIKE's special characters", async () => {
    for (const q of ["xyzzy-nunca", "100%", "a_b", "\\"]) {
      const res = await t.http.get(`/tickets?searchParam=${encodeURIComponent(q)}&showAll=true`, a.token);
      expect(res).toMatchObject({ status: 200, body: { tickets: [], count: 0, hasMore: false } });
    }
  });
});

describe("GET /tickets by status: each queue walked newest first, merged", () => {
  it("gives the same pages as one filter over all the tickets, for admins and attendants, any queue choice and page", async () => {
    const b = await signUpCompany(t.http);
    const db = t.built.ctx.db;
    const made = await db
      .insert(queues)
      .values(["Vendas", "Suporte", "Cobrança"].map((name, i) => ({ companyId: b.company.id, name, color: `#00000${i}` })))
      .returning();
    const [q1, q2, q3] = made.map((q) => q.id);
    const ana = await createAttendant(t, b.token, { queueIds: [q1, q2] });
    const other = await createAttendant(t, b.token, { queueIds: [q3] });
    const people = await db
      .insert(contacts)
      .values(Array.from({ length: 300 }, (_, i) => ({ companyId: b.company.id, name: `Cliente ${i}`, number: `5511900${String(i).padStart(6, "0")}` })))
      .returning();
    const base = Date.parse("2026-11-01T12:00:00Z");
    const rows = people.map((c, i) => {
      const queueId = [q1, q1, q1, q2, q3, null][(i * 7) % 6];
      return {
        companyId: b.company.id,
        contactId: c.id,
        status: ["pending", "open", "closed"][i % 3],
        queueId,
        userId: [null, ana.id, other.id, b.user.id][(i * 5) % 4],
        // every tenth ticket shares its time with the one before (the id decides); the tickets of no
        // queue are the oldest, so a page can come from one queue's walk alone
        updatedAt: new Date(base - (i - (i % 10 === 1 ? 1 : 0)) * 60_000 - (queueId === null ? 86_400_000 : 0)),
      };
    });
    const inserted = await db.insert(tickets).values(rows).returning({ id: tickets.id });
    const admin = { id: b.user.id, companyId: b.company.id, profile: "admin", super: false, allTicket: "disable", sessionId: "test" };
    const attendant = { ...admin, id: ana.id, profile: "user" };
    type Status = "pending" | "open" | "closed";
    const list = (caller: typeof admin, q: { status: Status; queueIds?: number[]; showAll?: boolean; pageNumber?: number }, mergeQueues: boolean) =>
      listTickets(t.built.ctx.database, caller, { searchParam: "", pageNumber: 1, showAll: false, withUnreadMessages: false, queueIds: undefined, tags: undefined, users: undefined, ...q }, { mergeQueues }).then((s) =>
        JSON.parse(s),
      );
    const choices = [undefined, [q1], [q1, q1, q3], [q2, q3], [q1, q2, q3]];
    for (const caller of [admin, attendant])
      for (const status of ["pending", "open", "closed"] as const)
        for (const queueIds of choices)
          for (const showAll of [true, false])
            for (const pageNumber of [1, 2]) {
              const merged = await list(caller, { status, queueIds, showAll, pageNumber }, true);
              expect(merged, JSON.stringify({ caller: caller.profile, status, queueIds, showAll, pageNumber })).toEqual(await list(caller, { status, queueIds, showAll, pageNumber }, false));
            }

    // and the pages hold what they should: the open tickets of Vendas and of no queue, newest first
    const open = inserted.map((r, i) => ({ ...rows[i], id: r.id })).filter((r) => r.status === "open" && (r.queueId === q1 || r.queueId === null));
    open.sort((x, y) => y.updatedAt.getTime() - x.updatedAt.getTime() || y.id - x.id);
    const shown = await list(admin, { status: "open", queueIds: [q1], showAll: true }, true);
    expect(shown.tickets.map((x: { id: number }) => x.id)).toEqual(open.slice(0, PAGE_SIZE.tickets).map((r) => r.id));
    expect(shown).toMatchObject({ count: open.length, hasMore: open.length > PAGE_SIZE.tickets });
  });
});

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
  // a company of its own: its lists' counts start from nothing
  let a: Awaited<ReturnType<typeof signUpCompany>>;
  let w: Awaited<ReturnType<typeof pairedSandbox>>;
  beforeAll(async () => {
    a = await signUpCompany(t.http);
    w = await pairedSandbox(t.http, a.token);
  });

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

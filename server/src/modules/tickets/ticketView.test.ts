import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, sql } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { insertContact, insertTicket } from "../../test/workspaceFixtures";
import { queues, tags, tickets, ticketTags, whatsapps } from "../../db/schema";
import { rowOf, rowsOf } from "../../channels/sqlRows";
import { contacts } from "../../db/schema";
import { presentTickets } from "./present";
import { TICKET_PARTS, ticketViewRows, viewFromParts } from "./viewJson";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

/** The same JSON text, key for key in the same order, and deep-equal. */
const same = (fromSql: unknown, presented: unknown) => {
  expect(fromSql).toEqual(presented);
  expect(JSON.stringify(fromSql)).toBe(JSON.stringify(presented));
};

describe("TICKET_VIEW, one declaration for the SQL and the presenter", () => {
  it("builds in SQL (lists and inbound statements) the same views presentTickets gives, with and without parts", async () => {
    const db = t.built.ctx.db;
    const companyId = a.company.id;
    const [queue] = await db.insert(queues).values({ companyId, name: "Vendas", color: "#123456" }).returning();
    const [conn] = await db
      .insert(whatsapps)
      .values({ companyId, name: "Loja", status: "CONNECTED", token: `tk-${Date.now()}` })
      .returning();
    const made = await db
      .insert(tags)
      .values([
        { companyId, name: "VIP", color: "#ff00ff" },
        { companyId, name: "Atacado", color: "#00ff00" },
      ])
      .returning();
    const maria = await insertContact(t, companyId, { name: "Maria O'Neil", whatsappId: conn.id, extraInfo: [{ name: "CPF", value: "123" }], email: "m@example.com" });
    const bare = await insertContact(t, companyId, { name: "Sem Nada" });
    const full = await insertTicket(t, companyId, maria.id, { userId: a.user.id, queueId: queue.id, whatsappId: conn.id, unreadMessages: 3, lastMessage: "olá", integrationId: 7 });
    await db.insert(ticketTags).values([...made].reverse().map((tag) => ({ companyId, ticketId: full.id, tagId: tag.id })));
    await insertTicket(t, companyId, bare.id, { status: "pending" });

    const rows = await db.select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));
    const presented = await presentTickets(db, companyId, rows);
    expect(presented).toHaveLength(2);
    expect(presented[0]).toMatchObject({ user: { id: a.user.id }, queue: { id: queue.id }, whatsapp: { id: conn.id }, tags: made.map((g) => ({ id: g.id })) });
    expect(presented[1]).toMatchObject({ user: null, queue: null, whatsapp: null, tags: [] });

    // the lists' statement: ticketViewRows, its JSON text as sent
    const [list] = await t.built.ctx.database.query<{ body: string }>(`select json_agg(v)::text as body from (${ticketViewRows("(select * from tickets where company_id = $1)")} order by p.id) v`, [companyId]);
    same(JSON.parse(list.body), presented);

    // the inbound statements' parts: TICKET_PARTS beside the rows, then viewFromParts
    const parted = await rowsOf(
      db,
      sql`select row_to_json(t) as ticket, (select row_to_json(c) from contacts c where c.id = t.contact_id) as contact, ${TICKET_PARTS}
      from tickets t where t.company_id = ${companyId}::int order by t.id`,
    );
    same(
      parted.map((r) => viewFromParts(rowOf(tickets, r.ticket)!, rowOf(contacts, r.contact)!, r)),
      presented,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { insertContact } from "../../test/workspaceFixtures";
import { contacts, whatsapps } from "../../db/schema";
import { CONTACT_VIEW } from "./contactView";
import { presentContact } from "./present";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("CONTACT_VIEW, one declaration for the SQL and the presenter", () => {
  it("builds in SQL the same views presentContact gives: picture under both names, extra info, connection or none", async () => {
    const db = t.built.ctx.db;
    const companyId = a.company.id;
    const [conn] = await db
      .insert(whatsapps)
      .values({ companyId, name: "Loja", token: `ct-${Date.now()}` })
      .returning();
    await insertContact(t, companyId, { name: 'Maria "Mari" O\'Neil', email: "m@example.com", profilePicUrl: "https://example.com/p.jpg", whatsappId: conn.id, extraInfo: [{ name: "CPF", value: "123" }] });
    await insertContact(t, companyId, { name: "Grupo", isGroup: true });

    const rows = await db.select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(asc(contacts.id));
    const presented = rows.map(presentContact);
    expect(presented[0]).toMatchObject({ urlPicture: "https://example.com/p.jpg", profilePicUrl: "https://example.com/p.jpg", whatsappId: conn.id });
    expect(presented[1]).toMatchObject({ whatsappId: null, extraInfo: [], isGroup: true });

    const [built] = await t.built.ctx.database.query<{ body: string }>(`select json_agg(v)::text as body from (select ${CONTACT_VIEW.sql("c")} from contacts c where c.company_id = $1 order by c.id) v`, [companyId]);
    const fromSql = JSON.parse(built.body);
    expect(fromSql).toEqual(presented);
    expect(JSON.stringify(fromSql)).toBe(JSON.stringify(presented));
    // and as one json_build_object, the same
    const [one] = await t.built.ctx.database.query<{ body: string }>(`select ${CONTACT_VIEW.jsonObject("c")}::text as body from contacts c where c.id = $1`, [rows[0].id]);
    expect(JSON.stringify(JSON.parse(one.body))).toBe(JSON.stringify(presented[0]));
  });
});

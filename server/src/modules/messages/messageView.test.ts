import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { insertContact, insertTicket } from "../../test/workspaceFixtures";
import { messages } from "../../db/schema";
import { presentMessages } from "./present";
import { messageViewRows } from "./viewJson";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("MESSAGE_VIEW, one declaration for the SQL and the presenter", () => {
  it("builds in SQL the same views presentMessages gives: senders, quotes, media, deleted messages", async () => {
    const db = t.built.ctx.db;
    const companyId = a.company.id;
    const maria = await insertContact(t, companyId, { name: "Maria O'Neil" });
    const ticket = await insertTicket(t, companyId, maria.id);
    let n = 0;
    const say = async (over: Partial<typeof messages.$inferInsert>) =>
      (
        await db
          .insert(messages)
          .values({ companyId, ticketId: ticket.id, externalId: `MV-${Date.now()}-${++n}`, contactId: maria.id, ...over })
          .returning()
      )[0];

    const asked = await say({ body: "Qual o prazo?" });
    const answered = await say({ body: "Amanhã", fromMe: true, userId: a.user.id, sendStatus: "sent", ack: 2 });
    await say({ body: "obrigada", quotedMsgId: asked.id, read: true });
    await say({ body: "de nada", fromMe: true, userId: a.user.id, quotedMsgId: answered.id, sendStatus: "failed" });
    await say({ body: "", mediaType: "application", mediaPath: "media/nota.pdf", mediaName: "nota.pdf", isEdited: true });
    const deleted = await say({ body: "segredo", fromMe: true, userId: a.user.id, mediaType: "image", mediaPath: "media/foto.jpg", mediaName: "foto.jpg", isDeleted: true });
    await say({ body: "o que era?", quotedMsgId: deleted.id });
    await say({ body: "sem remetente", contactId: null });
    await say({ body: "cita o que não há", quotedMsgId: 2_000_000_000 });

    const rows = await db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));
    const presented = await presentMessages(db, companyId, rows);
    expect(presented.map((m) => [m.body, m.contact?.id ?? null, m.quotedMsg?.body ?? null, m.quotedMsg?.contact?.id ?? null, m.mediaUrl])).toEqual([
      ["Qual o prazo?", maria.id, null, null, null],
      ["Amanhã", null, null, null, null],
      ["obrigada", maria.id, "Qual o prazo?", maria.id, null],
      ["de nada", null, "Amanhã", null, null],
      ["", maria.id, null, null, `/media/messages/${rows[4].id}`],
      ["", null, null, null, null],
      ["o que era?", maria.id, "", null, null],
      ["sem remetente", null, null, null, null],
      ["cita o que não há", maria.id, null, null, null],
    ]);

    const [built] = await t.built.ctx.database.query<{ body: string }>(`select json_agg(v)::text as body from (${messageViewRows("(select * from messages where company_id = $1)")} order by m.id) v`, [companyId]);
    const fromSql = JSON.parse(built.body);
    expect(fromSql).toEqual(presented);
    expect(JSON.stringify(fromSql)).toBe(JSON.stringify(presented));
  });
});

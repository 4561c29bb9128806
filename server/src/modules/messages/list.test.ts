import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { messages, queues } from "../../db/schema";
import { presentMessages } from "./present";
import { messageResponses } from "./responses";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let w: Awaited<ReturnType<typeof pairedSandbox>>;
let n = 0;
const phone = () => `5531${String(900_000_000 + n++)}`;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  w = await pairedSandbox(t.http, a.token);
});
afterAll(async () => t?.close());

describe("GET /messages/:ticketId, built as JSON by the database", () => {
  it("presents each message as the socket events do: quotes with their sender, media links, deleted bodies", async () => {
    const number = phone();
    const first = await customerSays(t.http, w, number, "Qual o prazo?", { id: "LIST-Q1" });
    await customerSays(t.http, w, number, "respondendo", { quotedId: "LIST-Q1" });
    await customerSays(t.http, w, number, "", { media: { data: Buffer.from("%PDF-1.4").toString("base64"), filename: "nota.pdf", mimetype: "application/pdf" } });
    const ticketId = first.ticket.id;
    await t.http.put(`/tickets/${ticketId}`, { status: "open", userId: a.user.id }, a.token);
    const mine = await t.http.post(`/messages/${ticketId}`, { body: "vou apagar" }, a.token);
    expect(mine.status).toBeLessThan(300);
    const [sent] = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    await t.http.del(`/messages/${sent.id}`, a.token);

    // as the listing reads them: before page 1 marks them read
    const rows = await t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.createdAt), asc(messages.id));
    const expected = await presentMessages(t.built.ctx.db, a.company.id, rows);
    const res = await t.http.get(`/messages/${ticketId}?pageNumber=1`, a.token);
    expect(res.status).toBe(200);
    expect(res.body.messages).toEqual(expected);
    expect(res.body.messages[1]).toMatchObject({ quotedMsg: { body: "Qual o prazo?", contact: { name: expect.any(String) } } });
    expect(res.body.messages[2].mediaUrl).toBe(`/media/messages/${rows[2].id}`);
    expect(res.body.messages[3]).toMatchObject({ isDeleted: true, body: "", mediaUrl: null });
    expect(res.body).toMatchObject({ count: 4, hasMore: false, ticket: { id: ticketId, unreadMessages: 0 } });
    // the text goes out unserialised, so unchecked: it must still be the shape the route declares
    messageResponses.page[200].parse(res.body);

    const again = await t.http.get(`/messages/${ticketId}?pageNumber=1`, a.token);
    expect(again.body.messages.every((m: { read: boolean }) => m.read)).toBe(true);
  });

  it("shows an attendant the earlier conversations of his queues only, and refuses a ticket of another queue", async () => {
    const [sales, other] = await t.built.ctx.db
      .insert(queues)
      .values([
        { companyId: a.company.id, name: "Vendas", color: "#101010" },
        { companyId: a.company.id, name: "Outra", color: "#202020" },
      ])
      .returning();
    const agent = await createAttendant(t, a.token, { queueIds: [sales.id] });
    const number = phone();
    const earlier = (await customerSays(t.http, w, number, "conversa antiga")).ticket.id;
    await t.http.put(`/tickets/${earlier}`, { status: "closed", queueId: other.id, userId: a.user.id }, a.token);
    const current = (await customerSays(t.http, w, number, "conversa nova")).ticket.id;
    await t.http.put(`/tickets/${current}`, { queueId: sales.id, status: "pending" }, a.token);

    const asAgent = await t.http.get(`/messages/${current}`, agent.token);
    expect(asAgent.body.messages.map((m: { body: string }) => m.body)).toEqual(["conversa nova"]);
    const asAdmin = await t.http.get(`/messages/${current}`, a.token);
    expect(asAdmin.body.messages.map((m: { body: string }) => m.body)).toEqual(["conversa antiga", "conversa nova"]);
    expect(await t.http.get(`/messages/${earlier}`, agent.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.get("/messages/99999999", agent.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
  });
});

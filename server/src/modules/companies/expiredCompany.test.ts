import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { companies, messages, schedules } from "../../db/schema";
import { sendDueSchedules } from "../../automation/sendDueSchedules";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PAST_DUE = "2020-01-31";
const dueOn = (companyId: number, dueDate: string | null) => t.built.ctx.db.update(companies).set({ dueDate }).where(eq(companies.id, companyId));
const phone = async (w: { id: number; token: string }, number: string) => ((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body as { body: string }[]).map((m) => m.body);
const ours = (ticketId: number) =>
  t.built.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
const expired = { status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: PAST_DUE } };

/** A company whose sandbox connection has a customer in an open ticket of its admin. */
async function companyWithCustomer() {
  const a = await signUpCompany(t.http);
  const w = await pairedSandbox(t.http, a.token, unique("W"));
  const number = "5511944440000";
  const { ticket } = await customerSays(t.http, w, number, "Oi");
  expect((await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token)).status).toBe(200);
  return { a, w, number, ticket };
}

describe("a company past its due date", () => {
  it("sends nothing, from its attendants or its connection's token (402), while its customers' messages keep arriving; renewed, it sends again", async () => {
    const { a, w, number, ticket } = await companyWithCustomer();
    await dueOn(a.company.id, PAST_DUE);

    expect(await t.http.post(`/messages/${ticket.id}`, { body: "Resposta" }, a.token)).toMatchObject(expired);
    const form = new FormData();
    form.append("body", "Com arquivo");
    form.append("medias", new Blob([Buffer.from("%PDF-1.4")], { type: "application/pdf" }), "nota.pdf");
    const multipart = await fetch(`${t.url}/messages/${ticket.id}`, { method: "POST", headers: { authorization: `Bearer ${a.token}` }, body: form });
    expect(multipart.status).toBe(402);
    expect(await t.http.post("/api/messages/send", { number, body: "Pela API" }, w.token)).toMatchObject(expired);
    expect(await ours(ticket.id)).toEqual([]);
    expect(await phone(w, number)).toEqual([]);

    const arriving = await customerSays(t.http, w, number, "Alguém aí?");
    expect(arriving).toMatchObject({ duplicate: false, ticket: { id: ticket.id } });

    await dueOn(a.company.id, "2999-12-31");
    const shown = await t.http.get(`/messages/${ticket.id}`, a.token);
    expect(shown.body.messages.map((m: { body: string }) => m.body)).toEqual(["Oi", "Alguém aí?"]);
    expect((await t.http.post(`/messages/${ticket.id}`, { body: "Estamos aqui" }, a.token)).status).toBe(200);
    expect((await t.http.post("/api/messages/send", { number, body: "Pela API" }, w.token)).status).toBe(200);
    expect(await phone(w, number)).toEqual(["Estamos aqui", "Pela API"]);
  });

  it("keeps the bot's answer failed, not sent, and lets an attendant send it again once renewed", async () => {
    const a = await signUpCompany(t.http);
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    expect((await t.http.put(`/whatsapp/${w.id}`, { name: w.name, greetingMessage: "Bem-vindo!" }, a.token)).status).toBe(200);
    await dueOn(a.company.id, PAST_DUE);
    const number = "5511944441111";
    const { ticket } = await customerSays(t.http, w, number, "Olá");
    const [greeting] = await ours(ticket.id);
    expect(greeting).toMatchObject({ body: "Bem-vindo!", sendStatus: "failed" });
    expect(await phone(w, number)).toEqual([]);
    expect(await t.http.post(`/messages/${greeting.id}/retry`, {}, a.token)).toMatchObject(expired);

    await dueOn(a.company.id, "2999-12-31");
    expect(await t.http.post(`/messages/${greeting.id}/retry`, {}, a.token)).toMatchObject({ status: 200, body: { sendStatus: "sent" } });
    expect(await phone(w, number)).toEqual(["Bem-vindo!"]);
  });

  it("is never one without a due date: that one sends, its bot's answers too", async () => {
    const a = await signUpCompany(t.http);
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    expect((await t.http.put(`/whatsapp/${w.id}`, { name: w.name, greetingMessage: "Bem-vindo!" }, a.token)).status).toBe(200);
    await dueOn(a.company.id, null);
    const number = "5511944442222";
    const { ticket } = await customerSays(t.http, w, number, "Olá");
    expect(await ours(ticket.id)).toEqual([expect.objectContaining({ body: "Bem-vindo!", sendStatus: "sent" })]);
    expect((await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token)).status).toBe(200);
    expect((await t.http.post(`/messages/${ticket.id}`, { body: "Como posso ajudar?" }, a.token)).status).toBe(200);
    expect(await phone(w, number)).toEqual(["Bem-vindo!", "Como posso ajudar?"]);
  });

  it("keeps a scheduled message due meanwhile pending, and sends it at the first run after renewal", async () => {
    const { a, w, number, ticket } = await companyWithCustomer();
    const created = await t.http.post("/schedules", { body: "Lembrete", contactId: ticket.contactId, sendAt: new Date(Date.now() + 30 * 60_000).toISOString() }, a.token);
    expect(created.status).toBe(201);
    await dueOn(a.company.id, PAST_DUE);

    const due = new Date(Date.now() + 31 * 60_000);
    expect(await sendDueSchedules(t.built.ctx, due)).toEqual({ sent: 0, failed: 0 });
    const [waiting] = await t.built.ctx.db.select().from(schedules).where(eq(schedules.id, created.body.id));
    expect(waiting).toMatchObject({ status: "PENDENTE", sentAt: null });
    expect(await phone(w, number)).toEqual([]);

    await dueOn(a.company.id, "2999-12-31");
    expect(await sendDueSchedules(t.built.ctx, new Date(due.getTime() + 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(await phone(w, number)).toEqual(["Lembrete"]);
  });
});

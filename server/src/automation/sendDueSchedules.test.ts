import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";
import { messages, schedules, tickets, whatsapps } from "../db/schema";
import { sendDueSchedules } from "./sendDueSchedules";
import { startJobs } from "../jobs/runner";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
let seq = 0;
const newNumber = () => `55319${String(Date.now()).slice(-6)}${String(seq++).padStart(2, "0")}`;
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

/** A company with a paired sandbox connection and a customer who wrote once (so the contact exists). */
async function customer() {
  const a = await signUpCompany(t.http);
  const wa = await pairedSandbox(t.http, a.token);
  const number = newNumber();
  const { ticket } = await customerSays(t.http, wa, number, "Oi", { name: "Paula Lima" });
  return { a, wa, number, ticket, contactId: ticket.contactId as number };
}

async function phone(wa: { id: number; token: string }, number: string) {
  return (await t.http.get(`/sandbox/${wa.id}/outbound?number=${number}`, wa.token)).body as { body: string; mediaName: string | null }[];
}
const scheduleRow = async (id: number) => (await t.built.ctx.db.select().from(schedules).where(eq(schedules.id, id)))[0];

async function schedule(token: string, contactId: number, body: string, sendAt: Date) {
  const res = await t.http.post("/schedules", { body, contactId, sendAt: sendAt.toISOString() }, token);
  if (res.status !== 201) throw new Error(`schedule: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number };
}

describe("sendDueSchedules", () => {
  it("sends nothing before its time, then once at its time into the contact's open ticket, and pushes the outcome live", async () => {
    const { a, wa, number, ticket, contactId } = await customer();
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    const s = await schedule(a.token, contactId, "Olá {{firstName}}, sua consulta é amanhã.", minutesFromNow(30));

    expect(await sendDueSchedules(t.built.ctx, minutesFromNow(29))).toEqual({ sent: 0, failed: 0 });
    expect(await phone(wa, number)).toEqual([]);
    expect((await scheduleRow(s.id)).status).toBe("PENDENTE");

    const socket = await connectSocket(t.url, a.token);
    const pushed = nextEvent(socket, `company-${a.company.id}-schedule`, 5_000, (e: any) => e.schedule?.id === s.id);
    const at = minutesFromNow(31);
    expect((await sendDueSchedules(t.built.ctx, at)).sent).toBe(1);
    expect(await sendDueSchedules(t.built.ctx, minutesFromNow(32))).toEqual({ sent: 0, failed: 0 });

    expect((await phone(wa, number)).map((m) => m.body)).toEqual(["Olá Paula, sua consulta é amanhã."]);
    expect(await scheduleRow(s.id)).toMatchObject({ status: "ENVIADA", sentAt: at, ticketId: ticket.id });
    const [stored] = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(stored).toMatchObject({ body: "Olá Paula, sua consulta é amanhã.", userId: a.user.id, sendStatus: "sent" });
    expect(await pushed).toMatchObject({ action: "update", schedule: { id: s.id, status: "ENVIADA", sentAt: at.toISOString() } });
    socket.close();
  });

  it("sends a due schedule once even when two runs overlap", async () => {
    const { a, wa, number, contactId } = await customer();
    const s = await schedule(a.token, contactId, "Mensagem única, por favor.", minutesFromNow(5));
    const at = minutesFromNow(6);
    const [r1, r2] = await Promise.all([sendDueSchedules(t.built.ctx, at), sendDueSchedules(t.built.ctx, at)]);
    expect(r1.sent + r2.sent).toBe(1);
    expect((await phone(wa, number)).map((m) => m.body)).toEqual(["Mensagem única, por favor."]);
    expect((await scheduleRow(s.id)).status).toBe("ENVIADA");
  });

  it("opens a pending ticket when the contact has none, and sends the attached image", async () => {
    const { a, wa, number, ticket, contactId } = await customer();
    await t.http.put(`/tickets/${ticket.id}`, { status: "closed" }, a.token);
    const s = await schedule(a.token, contactId, "Segue o catálogo novo", minutesFromNow(1));
    const form = new FormData();
    form.append("file", new Blob([PNG]), "catalogo.png");
    const up = await fetch(`${t.url}/schedules/${s.id}/media-upload`, { method: "POST", headers: { authorization: `Bearer ${a.token}` }, body: form });
    expect(up.status).toBe(200);

    expect((await sendDueSchedules(t.built.ctx, minutesFromNow(2))).sent).toBe(1);
    const out = await phone(wa, number);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ body: "Segue o catálogo novo", mediaName: "catalogo.png" });
    const row = await scheduleRow(s.id);
    expect(row.ticketId).not.toBe(ticket.id);
    const [opened] = await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, row.ticketId!));
    expect(opened).toMatchObject({ status: "pending", contactId, whatsappId: wa.id });
  });

  it("marks ERRO (and sends nothing) when the connection is not connected; editing puts it back in line", async () => {
    const { a, wa, number, contactId } = await customer();
    const s = await schedule(a.token, contactId, "Não vai sair agora", minutesFromNow(1));
    await t.built.ctx.db.update(whatsapps).set({ status: "DISCONNECTED" }).where(eq(whatsapps.id, wa.id));
    const socket = await connectSocket(t.url, a.token);
    const pushed = nextEvent(socket, `company-${a.company.id}-schedule`, 5_000, (e: any) => e.schedule?.id === s.id);
    expect(await sendDueSchedules(t.built.ctx, minutesFromNow(2))).toEqual({ sent: 0, failed: 1 });
    expect(await scheduleRow(s.id)).toMatchObject({ status: "ERRO", sentAt: null });
    expect(await pushed).toMatchObject({ schedule: { status: "ERRO", sentAt: null } });
    socket.close();
    expect(await sendDueSchedules(t.built.ctx, minutesFromNow(3))).toEqual({ sent: 0, failed: 0 }); // not retried by itself

    await t.built.ctx.db.update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, wa.id));
    const put = await t.http.put(`/schedules/${s.id}`, { body: "Agora vai sair", contactId, sendAt: minutesFromNow(4).toISOString() }, a.token);
    expect(put.body.status).toBe("PENDENTE");
    expect((await sendDueSchedules(t.built.ctx, minutesFromNow(5))).sent).toBe(1);
    expect((await phone(wa, number)).map((m) => m.body)).toEqual(["Agora vai sair"]);
  });

  it("reports a claim a stopped process left behind as ERRO instead of sending it twice", async () => {
    const { a, wa, number, contactId } = await customer();
    const s = await schedule(a.token, contactId, "Ficou pela metade", minutesFromNow(-30));
    await t.built.ctx.db
      .update(schedules)
      .set({ sentAt: minutesFromNow(-20) })
      .where(eq(schedules.id, s.id));
    await sendDueSchedules(t.built.ctx);
    expect(await scheduleRow(s.id)).toMatchObject({ status: "ERRO", sentAt: null });
    expect(await phone(wa, number)).toEqual([]);
  });
});

describe("the job runner", () => {
  it("sends a schedule that fell due while the server was down at start, and a new one at its time, once each", async () => {
    const { a, wa, number, contactId } = await customer();
    const past = await schedule(a.token, contactId, "Atrasada pela parada", minutesFromNow(-10));
    const jobs = await startJobs(t.built.ctx);
    try {
      for (let i = 0; i < 60 && (await scheduleRow(past.id)).status !== "ENVIADA"; i++) await new Promise((r) => setTimeout(r, 200));
      expect((await scheduleRow(past.id)).status).toBe("ENVIADA");
      // created while running, due in 3 s: woken by its own delayed job, not the next minute
      const soon = await schedule(a.token, contactId, "Na hora certa", new Date(Date.now() + 3_000));
      for (let i = 0; i < 60 && (await scheduleRow(soon.id)).status !== "ENVIADA"; i++) await new Promise((r) => setTimeout(r, 250));
      expect((await scheduleRow(soon.id)).status).toBe("ENVIADA");
    } finally {
      await jobs.stop();
    }
    expect((await phone(wa, number)).map((m) => m.body)).toEqual(["Atrasada pela parada", "Na hora certa"]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";
import { messages, tickets } from "../db/schema";
import { runTicketSweep } from "../automation/ticketSweep";
import { startJobs } from "./runner";
import { redeliverPending, stageBotMessage } from "../automation/outbox";
import { STALE_CLAIM_MS } from "../modules/messages/send";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

let seq = 0;
const newNumber = () => `55218${String(Date.now()).slice(-6)}${String(seq++).padStart(2, "0")}`;
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

async function phone(wa: { id: number; token: string }, number: string): Promise<string[]> {
  return (await t.http.get(`/sandbox/${wa.id}/outbound?number=${number}`, wa.token)).body.map((m: { body: string }) => m.body);
}
const ticketRow = async (id: number) => (await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];

async function connectionWith(fields: Record<string, unknown>, settings: Record<string, string> = {}) {
  const a = await signUpCompany(t.http);
  const q = await t.http.post("/queue", { name: "Plantão", color: "#123456" }, a.token);
  const wa = await pairedSandbox(t.http, a.token);
  const put = await t.http.put(`/whatsapp/${wa.id}`, { name: wa.name, ...fields, ...(fields.transferQueueId === "Q" ? { transferQueueId: q.body.id } : {}) }, a.token);
  expect(put.status).toBe(200);
  for (const [key, value] of Object.entries(settings)) await t.http.put(`/settings/${key}`, { key, value }, a.token);
  return { a, wa, queue: q.body as { id: number } };
}

describe("timeToTransfer", () => {
  it("moves a pending ticket nobody took to the transfer queue once its minutes have passed, once", async () => {
    const { wa, queue } = await connectionWith({ timeToTransfer: 5, transferQueueId: "Q" }, { sendMsgTransfTicket: "enabled" });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    expect((await runTicketSweep(t.built.ctx, minutesFromNow(4))).transferred).toBe(0);
    expect((await ticketRow(ticket.id)).queueId).toBeNull();
    expect((await runTicketSweep(t.built.ctx, minutesFromNow(6))).transferred).toBe(1);
    expect(await ticketRow(ticket.id)).toMatchObject({ queueId: queue.id, status: "pending", userId: null });
    expect((await runTicketSweep(t.built.ctx, minutesFromNow(7))).transferred).toBe(0);
    expect(await phone(wa, n)).toEqual(["*Mensagem Automática*:\nVocê foi transferido para o departamento *Plantão*.\nAguarde, já vamos te atender!"]);
  });

  it("leaves tickets an attendant took", async () => {
    const { a, wa } = await connectionWith({ timeToTransfer: 5, transferQueueId: "Q" });
    const { ticket } = await customerSays(t.http, wa, newNumber(), "Oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    expect((await runTicketSweep(t.built.ctx, minutesFromNow(60))).transferred).toBe(0);
  });
});

describe("expiresTicket", () => {
  it("closes an open ticket silent for its minutes and sends the inactivity message once", async () => {
    const { a, wa } = await connectionWith({ expiresTicket: 10, expiresInactiveMessage: "Encerramos por inatividade, {{firstName}}." });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi", { name: "Ana Paula" });
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    expect((await runTicketSweep(t.built.ctx, minutesFromNow(9))).expired).toBe(0);
    const [a1, a2] = await Promise.all([runTicketSweep(t.built.ctx, minutesFromNow(11)), runTicketSweep(t.built.ctx, minutesFromNow(11))]);
    expect(a1.expired + a2.expired).toBe(1);
    expect((await ticketRow(ticket.id)).status).toBe("closed");
    expect(await phone(wa, n)).toEqual(["Encerramos por inatividade, Ana."]);
  });
});

describe("automatic messages around a stop", () => {
  /** A conversation with an automatic message staged and committed, never handed to the channel. */
  async function stagedMessage(body: string) {
    const a = await signUpCompany(t.http);
    const wa = await pairedSandbox(t.http, a.token);
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    const row = await ticketRow(ticket.id);
    const staged = await t.built.ctx.db.transaction((tx) => stageBotMessage(tx, row, body));
    return { wa, n, staged };
  }

  it("sends a message a stop left pending exactly once", async () => {
    // staged and committed, then the process "stopped" before handing it to the channel
    const { wa, n, staged } = await stagedMessage("Mensagem pendente");
    await Promise.all([redeliverPending(t.built.ctx, 0), redeliverPending(t.built.ctx, 0)]);
    await redeliverPending(t.built.ctx, 0);
    expect(await phone(wa, n)).toEqual(["Mensagem pendente"]);
    const [after] = await t.built.ctx.db.select().from(messages).where(eq(messages.id, staged.id));
    expect(after).toMatchObject({ sendStatus: "sent", ack: 1 });
  });

  it("sends a message claimed by a process that stopped before the send's outcome, once the claim is stale", async () => {
    // claimed (as the bot stores its answers), then the process "stopped"
    const { wa, n, staged } = await stagedMessage("Mensagem reivindicada");
    const claim = (minutesAgo: number) =>
      t.built.ctx.db
        .update(messages)
        .set({ sendStatus: "sending", updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(messages.id, staged.id));
    await claim(STALE_CLAIM_MS / 60_000 - 1);
    await redeliverPending(t.built.ctx, 0);
    expect(await phone(wa, n)).toEqual([]);
    await claim(STALE_CLAIM_MS / 60_000 + 1);
    await Promise.all([redeliverPending(t.built.ctx, 0), redeliverPending(t.built.ctx, 0)]);
    await redeliverPending(t.built.ctx, 0);
    expect(await phone(wa, n)).toEqual(["Mensagem reivindicada"]);
    const [after] = await t.built.ctx.db.select().from(messages).where(eq(messages.id, staged.id));
    expect(after).toMatchObject({ sendStatus: "sent", ack: 1 });
  });

  it("runs the sweep through the durable job runner", async () => {
    const { a, wa } = await connectionWith({ expiresTicket: 1, expiresInactiveMessage: "Tchau." });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    // the ticket has been silent for two minutes, as if the server had been down meanwhile
    await t.built.ctx.db
      .update(tickets)
      .set({ updatedAt: minutesFromNow(-2) })
      .where(eq(tickets.id, ticket.id));
    const jobs = await startJobs(t.built.ctx);
    try {
      for (let i = 0; i < 50 && (await ticketRow(ticket.id)).status !== "closed"; i++) await new Promise((r) => setTimeout(r, 200));
    } finally {
      await jobs.stop();
    }
    expect((await ticketRow(ticket.id)).status).toBe("closed");
    expect(await phone(wa, n)).toEqual(["Tchau."]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { connectSocket, signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";
import { companies, queueOptions, ticketTrackings, tickets } from "../db/schema";
import { automateInbound } from "./inboundBot";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

let seq = 0;
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(seq++).padStart(2, "0")}`;

async function workspace(opts: { queues?: string[]; connection?: Record<string, unknown>; settings?: Record<string, string> } = {}) {
  const a = await signUpCompany(t.http);
  const queues = [];
  for (const [i, name] of (opts.queues ?? []).entries()) {
    const q = await t.http.post("/queue", { name, color: `#10${i}0${i}0`, greetingMessage: `Fila ${name}`, orderQueue: i + 1 }, a.token);
    expect(q.status).toBe(201);
    queues.push(q.body as { id: number; name: string });
  }
  const wa = await pairedSandbox(t.http, a.token);
  if (opts.connection || queues.length) {
    const put = await t.http.put(`/whatsapp/${wa.id}`, { name: wa.name, queueIds: queues.map((q) => q.id), ...opts.connection }, a.token);
    expect(put.status).toBe(200);
  }
  for (const [key, value] of Object.entries(opts.settings ?? {})) expect((await t.http.put(`/settings/${key}`, { key, value }, a.token)).status).toBe(200);
  return { a, wa, queues };
}

/** What the customer's phone received, oldest first. */
async function phone(wa: { id: number; token: string }, number: string): Promise<string[]> {
  const res = await t.http.get(`/sandbox/${wa.id}/outbound?number=${number}`, wa.token);
  return res.body.map((m: { body: string }) => m.body);
}

async function ticketRow(id: number) {
  const [row] = await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

describe("greeting and the queue menu", () => {
  it("greets a new conversation once, filling the message variables", async () => {
    const { wa } = await workspace({ connection: { greetingMessage: "{{ms}}, {{firstName}}! Protocolo {{protocol}}." } });
    const n = newNumber();
    const first = await customerSays(t.http, wa, n, "Oi", { name: "Maria Souza" });
    await customerSays(t.http, wa, n, "Tem alguém aí?", { name: "Maria Souza" });
    const got = await phone(wa, n);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`^(Bom dia|Boa tarde|Boa noite|Boa madrugada), Maria! Protocolo \\d{14}${first.ticket.id}\\.$`));
  });

  it("offers the numbered queue menu, takes the customer's choice and answers with the queue's greeting", async () => {
    const { wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Olá");
    expect(await phone(wa, n)).toEqual(["Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte"]);
    await customerSays(t.http, wa, n, "9");
    expect((await phone(wa, n)).at(-1)).toBe("Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte");
    expect((await ticketRow(ticket.id)).queueId).toBeNull();
    await customerSays(t.http, wa, n, " 2 ");
    expect((await phone(wa, n)).at(-1)).toBe("Fila Suporte");
    expect(await ticketRow(ticket.id)).toMatchObject({ queueId: queues[1].id, chatbot: false, status: "pending" });
    await customerSays(t.http, wa, n, "obrigado");
    expect(await phone(wa, n)).toHaveLength(3);
  });

  it("puts the customer in a connection's only queue, greeting only when sendGreetingMessageOneQueues is on", async () => {
    const quiet = await workspace({ queues: ["Única"], connection: { greetingMessage: "Oi!" } });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, quiet.wa, n, "Olá");
    expect((await ticketRow(ticket.id)).queueId).toBe(quiet.queues[0].id);
    expect(await phone(quiet.wa, n)).toEqual(["Fila Única"]);

    const loud = await workspace({ queues: ["Única"], connection: { greetingMessage: "Oi!" }, settings: { sendGreetingMessageOneQueues: "enabled" } });
    await customerSays(t.http, loud.wa, n, "Olá");
    expect(await phone(loud.wa, n)).toEqual(["Oi!\n\nFila Única"]);
  });
});

describe("the chatbot options tree", () => {
  it("walks two levels, goes back to the start with '#', and hands over to a human at a leaf", async () => {
    const { a, wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const db = t.built.ctx.db;
    const base = { companyId: a.company.id, queueId: queues[1].id };
    const [internet] = await db
      .insert(queueOptions)
      .values({ ...base, option: "1", title: "Internet", message: "Sobre a internet:" })
      .returning();
    await db.insert(queueOptions).values({ ...base, option: "2", title: "Telefone", message: "Ligue 0800." });
    await db.insert(queueOptions).values({ ...base, parentId: internet.id, option: "1", title: "Sem sinal", message: "Um técnico vai falar com você." });
    await db.insert(queueOptions).values({ ...base, parentId: internet.id, option: "2", title: "Lenta", message: "Reinicie o roteador." });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    await customerSays(t.http, wa, n, "2");
    expect((await phone(wa, n)).at(-1)).toBe("Fila Suporte\n\n*[ 1 ]* - Internet\n*[ 2 ]* - Telefone\n*[ # ]* - Voltar ao menu inicial");
    expect(await ticketRow(ticket.id)).toMatchObject({ queueId: queues[1].id, chatbot: true, queueOptionId: null });

    await customerSays(t.http, wa, n, "1");
    expect((await phone(wa, n)).at(-1)).toBe("Sobre a internet:\n\n*[ 1 ]* - Sem sinal\n*[ 2 ]* - Lenta\n*[ # ]* - Voltar ao menu inicial");
    expect((await ticketRow(ticket.id)).queueOptionId).toBe(internet.id);

    await customerSays(t.http, wa, n, "#");
    expect((await phone(wa, n)).at(-1)).toBe("*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte");
    expect(await ticketRow(ticket.id)).toMatchObject({ queueId: null, chatbot: false, queueOptionId: null });

    await customerSays(t.http, wa, n, "2");
    await customerSays(t.http, wa, n, "1");
    await customerSays(t.http, wa, n, "1");
    expect((await phone(wa, n)).at(-1)).toBe("Um técnico vai falar com você.");
    expect(await ticketRow(ticket.id)).toMatchObject({ queueId: queues[1].id, chatbot: false, status: "pending" });
    const count = (await phone(wa, n)).length;
    await customerSays(t.http, wa, n, "1");
    expect(await phone(wa, n)).toHaveLength(count);
  });

  it("answers one menu when a new customer's messages arrive at once, and the menu again to a later message", async () => {
    const { a, wa } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const n = newNumber();
    // stored and answered as they come together: the first alone, the rest after it, in one burst
    await storeAll(a.company.id, wa.id, n, ["a", "b", "c", "d"]);
    const menu = "Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte";
    expect(await phone(wa, n)).toEqual([menu]);
    // after the burst, an answer that is not a choice gets the menu again
    await customerSays(t.http, wa, n, "e");
    expect(await phone(wa, n)).toEqual([menu, menu]);
  });

  it("answers messages delivered at once over HTTP with the menu only, at most once each", async () => {
    const { wa } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const n = newNumber();
    await Promise.all(["a", "b", "c", "d"].map((body) => customerSays(t.http, wa, n, body)));
    const got = await phone(wa, n);
    // how many arrive while the bot answers depends on timing: those that do share its answer
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got.length).toBeLessThanOrEqual(4);
    expect(new Set(got)).toEqual(new Set(["Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte"]));
  });

  it("decides a burst's messages in order: a choice in the middle takes the queue, the rest say nothing more", async () => {
    const { a, wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const n = newNumber();
    const stored = await storeAll(a.company.id, wa.id, n, ["oi", "quero ajuda", "2", "obrigado"]);
    expect(await phone(wa, n)).toEqual(["Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte", "Fila Suporte"]);
    expect(await ticketRow(stored[0].ticket.id)).toMatchObject({ queueId: queues[1].id, chatbot: false, status: "pending" });
  });
});

/** A customer's messages delivered at once, oldest first: stored in that order, and answered. */
async function storeAll(companyId: number, whatsappId: number, number: string, bodies: string[]) {
  const stored = await Promise.all(bodies.map((body, i) => t.built.ctx.channels.storeMessage({ id: whatsappId, companyId }, { externalId: `BOT-BURST-${number}-${i}`, number, name: "Rajada", body })));
  return stored.map((s) => s!);
}

describe("answers to many customers at once (stored together)", () => {
  it("gives each new customer one menu and each choice its own queue", async () => {
    const { wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const numbers = Array.from({ length: 6 }, () => newNumber());
    const first = await Promise.all(numbers.map((n) => customerSays(t.http, wa, n, "olá")));
    const menu = "Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte";
    for (const n of numbers) expect(await phone(wa, n)).toEqual([menu]);
    await Promise.all(numbers.map((n, i) => customerSays(t.http, wa, n, String((i % 2) + 1))));
    for (const [i, n] of numbers.entries()) {
      expect(await phone(wa, n)).toEqual([menu, i % 2 === 0 ? "Fila Vendas" : "Fila Suporte"]);
      expect(await ticketRow(first[i].ticket.id)).toMatchObject({ queueId: queues[i % 2].id, status: "pending" });
    }
  });
});

describe("what the bot's answers tell the sockets", () => {
  it("presents the ticket's connection by id, name and status only: never its token or settings", async () => {
    const { a, wa } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const socket = await connectSocket(t.url, a.token);
    socket.emit("joinNotification");
    socket.emit("joinTickets", "pending");
    await new Promise((r) => setTimeout(r, 100));
    const seen: string[] = [];
    socket.onAny((event: string, payload: unknown) => seen.push(`${event} ${JSON.stringify(payload)}`));
    const n = newNumber();
    await customerSays(t.http, wa, n, "oi");
    await customerSays(t.http, wa, n, "2");
    await new Promise((r) => setTimeout(r, 300));
    socket.close();
    const updates = seen.filter((e) => e.startsWith(`company-${a.company.id}-ticket `) || e.startsWith(`company-${a.company.id}-appMessage `));
    expect(updates.length).toBeGreaterThan(2);
    for (const e of updates) {
      expect(e).not.toContain(wa.token);
      const { ticket } = JSON.parse(e.slice(e.indexOf(" ") + 1)) as { ticket?: { whatsapp?: Record<string, unknown> } };
      if (ticket?.whatsapp) expect(Object.keys(ticket.whatsapp).sort()).toEqual(["id", "name", "status"]);
    }
  });
});

describe("answers decided on the ticket as it is when the bot reads it", () => {
  it("decides again when an earlier message of the same burst changed the ticket (two queue choices at once: one is taken)", async () => {
    const { wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" } });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Olá");
    // both are stored while the ticket has no queue; the second decision finds the first one's queue
    await Promise.all(["1", "2"].map((body) => customerSays(t.http, wa, n, body)));
    const row = await ticketRow(ticket.id);
    expect([queues[0].id, queues[1].id]).toContain(row.queueId);
    const got = await phone(wa, n);
    expect(got).toEqual(["Bem-vindo!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte", row.queueId === queues[0].id ? "Fila Vendas" : "Fila Suporte"]);
  });
});

describe("business hours", () => {
  const closedWeek = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: "00:00", endTime: "00:00" }));

  it("tells a customer once that the company is closed, and runs no bot", async () => {
    const { a, wa } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!", outOfHoursMessage: "Fechados agora, {{firstName}}." }, settings: { scheduleType: "company" } });
    await t.built.ctx.db.update(companies).set({ schedules: closedWeek }).where(eq(companies.id, a.company.id));
    const n = newNumber();
    await customerSays(t.http, wa, n, "Oi", { name: "João Lima" });
    await customerSays(t.http, wa, n, "1");
    expect(await phone(wa, n)).toEqual(["Fechados agora, João."]);
  });

  it("uses the chosen queue's hours when scheduleType is queue", async () => {
    const { wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" }, settings: { scheduleType: "queue" } });
    const { queues: queuesTable } = await import("../db/schema");
    await t.built.ctx.db.update(queuesTable).set({ schedules: closedWeek, outOfHoursMessage: "Suporte só em horário comercial." }).where(eq(queuesTable.id, queues[1].id));
    const n = newNumber();
    await customerSays(t.http, wa, n, "Oi");
    await customerSays(t.http, wa, n, "2");
    expect((await phone(wa, n)).at(-1)).toBe("Suporte só em horário comercial.");
  });
});

describe("closing, rating and transfer", () => {
  it("sends the closing message on resolve when ratings are off", async () => {
    const { a, wa } = await workspace({ connection: { complationMessage: "Atendimento {{protocol}} encerrado." } });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    expect((await t.http.put(`/tickets/${ticket.id}`, { status: "closed", userId: a.user.id }, a.token)).status).toBe(200);
    expect((await phone(wa, n)).at(-1)).toMatch(new RegExp(`^Atendimento \\d{14}${ticket.id} encerrado\\.$`));
    const [cycle] = await t.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(cycle).toMatchObject({ userId: a.user.id, startedAt: expect.any(Date), finishedAt: expect.any(Date), ratingAt: null });
  });

  it("asks for a rating on resolve, records the answer against the attendant, then says goodbye", async () => {
    const { a, wa } = await workspace({ connection: { complationMessage: "Até logo!", ratingMessage: "Como foi?" }, settings: { userRating: "enabled" } });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    await t.http.put(`/tickets/${ticket.id}`, { status: "closed", userId: a.user.id }, a.token);
    expect((await phone(wa, n)).at(-1)).toBe("Como foi?\n\n*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito satisfeito");
    const answer = await customerSays(t.http, wa, n, "3", { id: "RATE-1" });
    expect(answer.ticket.id).toBe(ticket.id);
    await customerSays(t.http, wa, n, "3", { id: "RATE-1" });
    expect((await phone(wa, n)).at(-1)).toBe("Até logo!");
    expect((await phone(wa, n)).filter((b) => b === "Até logo!")).toHaveLength(1);
    const [cycle] = await t.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(cycle).toMatchObject({ rated: true, rate: 3, userId: a.user.id });
    const active = await t.built.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, a.company.id), eq(tickets.status, "pending")));
    expect(active).toHaveLength(0);
    // a later message opens a new conversation as usual
    const next = await customerSays(t.http, wa, n, "Outra dúvida");
    expect(next.ticket.id).not.toBe(ticket.id);
  });

  it("drops the rating question when the customer answers something else", async () => {
    const { a, wa } = await workspace({ connection: { complationMessage: "Até logo!" }, settings: { userRating: "enabled" } });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    await t.http.put(`/tickets/${ticket.id}`, { status: "closed", userId: a.user.id }, a.token);
    const next = await customerSays(t.http, wa, n, "Esqueci de perguntar");
    expect(next.ticket.id).not.toBe(ticket.id);
    const [cycle] = await t.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(cycle).toMatchObject({ rated: true, rate: null });
  });

  it("tells the customer about a transfer when sendMsgTransfTicket is on", async () => {
    const { a, wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Bem-vindo!" }, settings: { sendMsgTransfTicket: "enabled" } });
    const n = newNumber();
    const { ticket } = await customerSays(t.http, wa, n, "Oi");
    await customerSays(t.http, wa, n, "1");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    expect((await t.http.put(`/tickets/${ticket.id}`, { status: "pending", userId: null, queueId: queues[1].id }, a.token)).status).toBe(200);
    expect((await phone(wa, n)).at(-1)).toBe("*Mensagem Automática*:\nVocê foi transferido para o departamento *Suporte*.\nAguarde, já vamos te atender!");
  });
});

describe("group messages", () => {
  it("are ignored while CheckMsgIsGroup is on, and kept when it is off", async () => {
    const { a, wa } = await workspace();
    const group = "120363000000000001";
    const dropped = await t.http.post(`/sandbox/${wa.id}/inbound`, { number: group, isGroup: true, body: "no grupo" }, wa.token);
    expect(dropped.body).toMatchObject({ ignored: true });
    await t.http.put("/settings/CheckMsgIsGroup", { key: "CheckMsgIsGroup", value: "disabled" }, a.token);
    const kept = await customerSays(t.http, wa, group, "no grupo", { isGroup: true });
    expect(kept.ticket).toMatchObject({ isGroup: true });
  });
});

// The bot holds no lock while it decides: what it stores applies only to the ticket as it read it.
describe.skipIf(!process.env.DATABASE_URL)("the bot and a change of the ticket made meanwhile", () => {
  it("stays silent when an attendant took the ticket while it was deciding", async () => {
    const { a, wa, queues } = await workspace({ queues: ["Vendas", "Suporte"], connection: { greetingMessage: "Olá!" } });
    const number = newNumber();
    const first = await customerSays(t.http, wa, number, "oi");
    const heard = (await phone(wa, number)).length;
    expect(heard).toBe(1); // greeting and queue menu
    const { default: pg } = await import("pg");
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      // the attendant's change is written but not committed when the bot reads and decides ("1": Vendas)
      await other.query("begin");
      await other.query("update tickets set status = 'open', user_id = $2, queue_id = $3 where id = $1", [first.ticket.id, a.user.id, queues[1].id]);
      const answered = automateInbound(t.built.ctx, { companyId: first.ticket.companyId, ticketId: first.ticket.id, created: false, body: "1", fromMe: false });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query("commit");
      await answered;
    } finally {
      await other.query("rollback").catch(() => undefined);
      await other.end();
    }
    expect(await ticketRow(first.ticket.id)).toMatchObject({ status: "open", userId: a.user.id, queueId: queues[1].id });
    expect(await phone(wa, number)).toHaveLength(heard);
  });
});

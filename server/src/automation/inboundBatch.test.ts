import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { connectSocket, signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { pairedSandbox } from "../test/conversation";
import { messages, tickets } from "../db/schema";
import { storeInbound, type PreparedInbound } from "./inboundStore";
import { storeDecisions } from "./inboundBot";
import { failMessagesContaining } from "../test/failingInserts";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let w: Awaited<ReturnType<typeof pairedSandbox>>;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  w = await pairedSandbox(t.http, a.token);
});
afterAll(async () => t?.close());

describe("a burst of one customer's messages (stored in batches)", () => {
  it("keeps the order, opens one ticket greeted once, counts every message unread and answers a repeat as a duplicate", async () => {
    const socket = await connectSocket(t.url, a.token);
    socket.emit("joinNotification");
    socket.emit("joinTickets", "pending");
    await new Promise((r) => setTimeout(r, 100));
    const seen: string[] = [];
    const ticketEvents: { ticket: { lastMessage: string } }[] = [];
    socket.on(`company-${a.company.id}-appMessage`, (e: { action: string; message: { body: string; fromMe: boolean } }) => {
      if (e.action === "create" && !e.message.fromMe) seen.push(e.message.body);
    });
    socket.on(`company-${a.company.id}-ticket`, (e: { action: string; ticket: { lastMessage: string } }) => {
      if (e.action === "update") ticketEvents.push(e);
    });
    const whatsapp = { id: w.id, companyId: a.company.id };
    const number = "5511955550001";
    const bodies = Array.from({ length: 20 }, (_, i) => `parte ${i + 1}`);
    // submitted together, as a burst arrives: the first alone, the rest while it is being stored
    const answers = await Promise.all([
      ...bodies.map((body, i) => t.built.ctx.channels.storeMessage(whatsapp, { externalId: `BURST-${i}`, number, name: "Rajada", body })),
      t.built.ctx.channels.storeMessage(whatsapp, { externalId: "BURST-3", number, name: "Rajada", body: "parte 4" }),
    ]);

    expect(answers.filter((x) => x?.created)).toHaveLength(1);
    expect(answers[0]?.created).toBe(true);
    expect(answers.at(-1)).toMatchObject({ duplicate: true, message: { body: "parte 4" } });
    expect(answers.slice(0, 20).every((x) => x && !x.duplicate)).toBe(true);

    const [ticket] = await t.built.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, a.company.id), eq(tickets.id, answers[0]!.ticket.id)));
    expect(ticket).toMatchObject({ status: "pending", unreadMessages: 20, lastMessage: "parte 20" });
    const stored = await t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, ticket.id)).orderBy(asc(messages.id));
    expect(stored.map((m) => m.body)).toEqual(bodies);

    await new Promise((r) => setTimeout(r, 300));
    expect([...seen].sort()).toEqual([...bodies].sort());
    // one ticket update per stored batch, the last telling the ticket as the burst left it
    expect(ticketEvents.length).toBeLessThan(bodies.length);
    expect(ticketEvents.at(-1)!.ticket.lastMessage).toBe("parte 20");
    socket.close();
  });
});

describe("many customers' messages at once (stored together)", () => {
  it("gives each customer one contact and one ticket with their own messages in order, each stored once", async () => {
    const whatsapp = { id: w.id, companyId: a.company.id };
    const customers = Array.from({ length: 30 }, (_, c) => `55119666${String(c).padStart(5, "0")}`);
    const deliveries = customers.flatMap((number, c) => [0, 1, 2].map((k) => ({ externalId: `MANY-${c}-${k}`, number, name: `Cliente ${c}`, body: `cliente ${c} parte ${k}` })));
    // every message delivered twice, all at once: the second of each pair is answered as a duplicate
    const answers = await Promise.all([...deliveries, ...deliveries].map((d) => t.built.ctx.channels.storeMessage(whatsapp, d)));
    const firsts = answers.slice(0, deliveries.length);
    const repeats = answers.slice(deliveries.length);
    expect(firsts.filter((x) => x?.duplicate).length + repeats.filter((x) => x?.duplicate).length).toBe(deliveries.length);
    for (const [c, number] of customers.entries()) {
      const mine = answers.filter((x) => x && !x.duplicate && x.message.body.startsWith(`cliente ${c} `));
      expect(mine).toHaveLength(3);
      expect(new Set(mine.map((x) => x!.ticket.id)).size).toBe(1);
      expect(mine.filter((x) => x!.created)).toHaveLength(1);
      expect(mine.every((x) => x!.ticket.contact.number === number && x!.ticket.contact.name === `Cliente ${c}`)).toBe(true);
      const stored = await t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, mine[0]!.ticket.id)).orderBy(asc(messages.id));
      expect(stored.map((m) => m.body)).toEqual([0, 1, 2].map((k) => `cliente ${c} parte ${k}`));
      const [ticket] = await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, mine[0]!.ticket.id));
      expect(ticket).toMatchObject({ status: "pending", unreadMessages: 3, lastMessage: `cliente ${c} parte 2` });
    }
  });

  it("stores the others when one customer's message cannot be stored with them (the database refuses it)", async () => {
    const whatsapp = { id: w.id, companyId: a.company.id };
    await failMessagesContaining(t.built.ctx.db, "REFUSED-IN-BATCH");
    const bodies = ["um", "dois", "REFUSED-IN-BATCH", "quatro", "cinco"];
    // one connection's messages: the first ones run alone while the others wait, then these go in one statement
    const answers = await Promise.allSettled(
      bodies.map((body, c) => t.built.ctx.channels.storeMessage(whatsapp, { externalId: `NUL-${c}`, number: `55119777000${["19", "28", "37", "46", "55"][c]}`, name: `Nul ${c}`, body })),
    );
    expect(answers.map((x) => x.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const stored = await t.built.ctx.db.select().from(messages).where(eq(messages.whatsappId, w.id));
    expect(
      stored
        .filter((m) => m.externalId?.startsWith("NUL-"))
        .map((m) => m.body)
        .sort(),
    ).toEqual(["cinco", "dois", "quatro", "um"]);
  });
});

// The inbound store and the bot's decisions both update several tickets in one statement: taking
// the locks in id order, each waits for the other instead of deadlocking (an abort after a second).
describe.skipIf(!process.env.DATABASE_URL)("the tickets' locks of a batch", () => {
  const prepared = (number: string, externalId: string): PreparedInbound => ({
    externalId,
    sourceNumber: number,
    number,
    name: "",
    isGroup: false,
    fromMe: false,
    body: externalId,
    preview: externalId,
    mediaType: null,
    mediaPath: null,
    mediaName: null,
    quotedExternalId: null,
    participant: null,
    createdAt: new Date().toISOString(),
  });

  it("are taken in id order by the inbound store and by the bot's decisions, whatever the order of their customers", async () => {
    const ctx = t.built.ctx;
    const whatsapp = { id: w.id, companyId: a.company.id };
    const [lowNumber, highNumber] = ["5511955552001", "5511955552002"];
    const low = (await ctx.channels.storeMessage(whatsapp, { externalId: "LOCK-0", number: lowNumber, body: "oi" }))!.ticket.id;
    const high = (await ctx.channels.storeMessage(whatsapp, { externalId: "LOCK-1", number: highNumber, body: "oi" }))!.ticket.id;
    expect(low).toBeLessThan(high);
    const { default: pg } = await import("pg");
    const [holder, probe] = [new pg.Client({ connectionString: t.config.databaseUrl }), new pg.Client({ connectionString: t.config.databaseUrl })];
    await Promise.all([holder.connect(), probe.connect()]);
    const lowLocked = async () => (await probe.query("select id from tickets where id = $1 for no key update skip locked", [low])).rowCount === 0;
    // while the high ticket is held elsewhere, a batch listing it first has already locked the low one
    const whileHighHeld = async (batch: () => Promise<unknown>) => {
      await holder.query("begin");
      await holder.query("select id from tickets where id = $1 for no key update", [high]);
      const running = batch();
      let locked = false;
      for (let i = 0; i < 100 && !(locked = await lowLocked()); i++) await new Promise((r) => setTimeout(r, 50));
      await holder.query("commit");
      await running;
      return locked;
    };
    try {
      const stored = await whileHighHeld(() => storeInbound(ctx, whatsapp, [[prepared(highNumber, "LOCK-2")], [prepared(lowNumber, "LOCK-3")]], {}));
      expect(stored).toBe(true);
      const rows = await ctx.db.select().from(tickets).where(eq(tickets.whatsappId, w.id));
      const decided = [high, low].map((id) => ({ ticket: rows.find((r) => r.id === id)!, change: {}, bodies: ["Olá"] }));
      const decisions = await whileHighHeld(() => storeDecisions(ctx.db, decided));
      expect(decisions).toBe(true);
      const said = await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, w.id), eq(messages.body, "Olá")));
      expect(said.map((m) => m.ticketId).sort()).toEqual([low, high].sort());
    } finally {
      await holder.query("rollback").catch(() => undefined);
      await Promise.all([holder.end(), probe.end()]);
    }
  });
});

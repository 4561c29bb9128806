import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { companyEvent } from "@balcao/common";
import { connectSocket, nextEvent, startTestApp, type TestApp } from "../../test/harness";
import { customerSays } from "../../test/conversation";
import { campaignShippings, contactListItems, messages } from "../../db/schema";
import { SandboxAdapter } from "../../channels/sandbox/adapter";
import { AppError } from "../../http/errors";
import { runCampaign } from "./send";
import { startDueCampaigns } from "./start";
import { pauseAfter } from "./message";
import { backoffMs, retryDelayMs } from "./refusal";
import { campaign, fakeClock, HOUR, NO_PAUSE, phones, setUp } from "../../test/campaignEngine";

/** The sandbox refuses `refusals` sends to `number` (every one when Infinity), then sends as usual. */
function refuse(number: string, refusals: number) {
  const send = SandboxAdapter.prototype.sendText;
  let left = refusals;
  return vi.spyOn(SandboxAdapter.prototype, "sendText").mockImplementation(function (this: SandboxAdapter, to, body, options) {
    if (to === number && left-- > 0) return Promise.reject(new AppError("ERR_SENDING_WAPP_MSG", 400));
    return send.call(this, to, body, options);
  });
}

describe("a campaign whose sends the channel refuses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  it("tries the contact again later with the message already stored, and slows down meanwhile", async () => {
    const { a, wa, list, numbers } = await setUp(t, 3, NO_PAUSE);
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Oi {nome}" });
    refuse(numbers[0], 1);
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");

    // the others went out after the refusal's pause; the refused one after its retry time, once
    expect((await phones(t.built.ctx, wa.id)).map((m) => m.number)).toEqual([numbers[1], numbers[2], numbers[0]]);
    expect(clock.sleeps[0]).toBe(backoffMs(1));
    expect(clock.sleeps.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(retryDelayMs(1));
    const [first] = await t.built.ctx.db
      .select()
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, c.id), eq(campaignShippings.number, numbers[0])));
    expect(first).toMatchObject({ attempts: 1, failedAt: null, retryAt: null });
    expect(first.deliveredAt).toBeInstanceOf(Date);
    // the ticket holds one message, sent: the retry sent the stored one rather than storing another
    const inTicket = await t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, first.ticketId!));
    expect(inTicket.map((m) => [m.body, m.sendStatus])).toEqual([["Oi Cliente 1", "sent"]]);
    const report = (await t.http.get(`/campaigns/${c.id}`, a.token)).body;
    expect(report.counts).toMatchObject({ validContacts: 3, delivered: 3, failed: 0 });
  });

  it("gives a number up after three refusals, marks it not valid, and a later campaign skips it", async () => {
    const { a, wa, list, numbers } = await setUp(t, 2, NO_PAUSE);
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Primeira" });
    refuse(numbers[0], Infinity);
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    expect((await phones(t.built.ctx, wa.id)).map((m) => m.number)).toEqual([numbers[1]]);
    const report = (await t.http.get(`/campaigns/${c.id}`, a.token)).body;
    expect(report.counts).toMatchObject({ validContacts: 2, delivered: 1, failed: 1 });
    const [given] = await t.built.ctx.db
      .select()
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, c.id), eq(campaignShippings.number, numbers[0])));
    expect(given).toMatchObject({ attempts: 3, failure: "ERR_SENDING_WAPP_MSG" });
    const items = await t.built.ctx.db.select().from(contactListItems).where(eq(contactListItems.contactListId, list.id)).orderBy(asc(contactListItems.id));
    expect(items.map((i) => i.isWhatsappValid)).toEqual([false, null]);
    // three tries made one message in the ticket, failed, for an attendant to see
    const inTicket = await t.built.ctx.db.select().from(messages).where(eq(messages.ticketId, given.ticketId!));
    expect(inTicket.map((m) => m.sendStatus)).toEqual(["failed"]);

    vi.restoreAllMocks();
    const second = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Segunda" });
    await startDueCampaigns(t.built.ctx, clock.now());
    expect(await runCampaign(t.built.ctx, second.id, undefined, clock)).toBe("finished");
    expect((await phones(t.built.ctx, wa.id)).filter((m) => m.body === "Segunda").map((m) => m.number)).toEqual([numbers[1]]);
  });

  it("tells the report of each contact sent to, live", async () => {
    const { a, wa, list } = await setUp(t, 2, NO_PAUSE);
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Oi" });
    const socket = await connectSocket(t.url, a.token);
    try {
      const clock = fakeClock(Date.now() + 3 * HOUR);
      await startDueCampaigns(t.built.ctx, clock.now());
      const event = companyEvent(a.company.id, "campaign");
      const last = nextEvent(socket, event, 5_000, (e: { action: string; counts?: { delivered: number } }) => e.action === "progress" && e.counts?.delivered === 2);
      await runCampaign(t.built.ctx, c.id, undefined, clock);
      expect(await last).toEqual({ action: "progress", campaignId: c.id, counts: { validContacts: 2, confirmationRequested: 0, confirmed: 0, delivered: 2, failed: 0, optedOut: 0 } });
    } finally {
      socket.close();
    }
  });
});

describe("opt-out words", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("are the company's own, and the report counts who used them", async () => {
    const { a, wa, list, numbers } = await setUp(t, 3, { ...NO_PAUSE, optOutWords: ["cancelar", " não  quero "] });
    const saved = (await t.http.get("/campaign-settings", a.token)).body as { key: string; value: string }[];
    expect(JSON.parse(saved.find((s) => s.key === "optOutWords")!.value)).toEqual(["CANCELAR", "NÃO QUERO"]);
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Oferta" });
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    await runCampaign(t.built.ctx, c.id, undefined, clock);
    await customerSays(t.http, wa, numbers[0], "Cancelar");
    await customerSays(t.http, wa, numbers[1], "Não quero");
    // a default word the company replaced is an ordinary answer now
    await customerSays(t.http, wa, numbers[2], "SAIR");
    await expect.poll(async () => (await t.http.get(`/campaigns/${c.id}`, a.token)).body.counts.optedOut, { timeout: 5_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.http.get(`/campaigns/${c.id}`, a.token)).body.counts).toMatchObject({ delivered: 3, failed: 0, optedOut: 2 });
  });

  it("refuses an empty list of words, naming the field", async () => {
    const { a } = await setUp(t, 0, NO_PAUSE);
    const res = await t.http.post("/campaign-settings", { settings: { ...NO_PAUSE, optOutWords: [] } }, a.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("optOutWords");
  });
});

describe("the channel's pace", () => {
  const settings = { ...NO_PAUSE, optOutWords: [] };
  it("is never faster than the channel's floor, whatever the settings", () => {
    expect(pauseAfter(1, settings, 0.5, 5_000)).toBe(5_500);
    expect(pauseAfter(1, settings, 0.5, 13)).toBe(19);
    expect(pauseAfter(1, settings, 0.5, 0)).toBe(0);
    expect(pauseAfter(1, { ...settings, messageInterval: 20 }, 0.5, 5_000)).toBe(20_500);
  });
});

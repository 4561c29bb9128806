import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { freshDatabaseUrl, startTestApp, type StartOptions, type TestApp } from "../../test/harness";
import { customerSays } from "../../test/conversation";
import { campaignOptOuts, campaignShippings, ticketTags, whatsapps } from "../../db/schema";
import { useCampaignClock, type CampaignClock } from "./clock";
import { campaign, fakeClock, HOUR, phones, setUp, statusOf } from "../../test/campaignEngine";
import { CONNECTION_RETRY_MS, runCampaign, sendNext } from "./send";
import { startDueCampaigns } from "./start";
import { sweepCampaigns, stopCampaignSenders } from "./runner";
import { redeliverPending } from "../outbox";
import { multipart, PNG } from "../../contract/fixtures";

describe("a campaign to 50 contacts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("starts at its time, sends exactly once to each in order, paced, then FINALIZADA", async () => {
    const { a, wa, list, numbers } = await setUp(t, 50);
    const tag = (await t.http.post("/tags", { name: "Promo", color: "#ff0000" }, a.token)).body as { id: number };
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, tagListId: tag.id });
    expect(c.status).toBe("PROGRAMADA");
    const clock = fakeClock();
    expect(await startDueCampaigns(t.built.ctx, clock.now())).not.toContain(c.id);
    clock.advance(2 * HOUR + 1000);
    // its time passed while nothing ran: the first sweep starts it, a second finds nothing to start
    expect(await startDueCampaigns(t.built.ctx, clock.now())).toContain(c.id);
    expect(await startDueCampaigns(t.built.ctx, clock.now())).not.toContain(c.id);
    expect(await t.built.ctx.db.select().from(campaignShippings).where(eq(campaignShippings.campaignId, c.id))).toHaveLength(50);

    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    const got = await phones(t.built.ctx, wa.id);
    expect(got.map((m) => m.number)).toEqual(numbers);
    expect(got[0].body).toBe(`Olá Cliente 1, oferta da Padaria Central para ${numbers[0]}!`);
    // 5 s and a half-second jitter between messages, 60 s (and the jitter) after every 10th
    expect(clock.sleeps).toHaveLength(49);
    clock.sleeps.forEach((ms, i) => expect([i + 1, ms]).toEqual([i + 1, (i + 1) % 10 === 0 ? 60_500 : 5_500]));
    const done = await statusOf(t.built.ctx, c.id);
    expect(done).toMatchObject({ status: "FINALIZADA" });
    expect(done.completedAt).toBeInstanceOf(Date);
    const report = (await t.http.get(`/campaigns/${c.id}`, a.token)).body;
    expect(report.counts).toMatchObject({ validContacts: 50, delivered: 50 });
    // each contact who got it carries the campaign's tag
    expect(await t.built.ctx.db.select().from(ticketTags).where(eq(ticketTags.tagId, tag.id))).toHaveLength(50);
    // nothing more, however often it runs again
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("stopped");
    expect(await phones(t.built.ctx, wa.id)).toHaveLength(50);
  });

  it("stops at once when cancelled, and a restart goes on from the next contact without sending twice", async () => {
    const { a, wa, list, numbers } = await setUp(t, 12, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Oi {nome}" });
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    let sent = 0;
    const cancelling: CampaignClock = {
      ...clock,
      sleep: async () => {
        if (++sent === 5) expect((await t.http.post(`/campaigns/${c.id}/cancel`, {}, a.token)).status).toBe(200);
      },
    };
    // no pause at all between messages: the loop asks again at once, and the cancel stops it
    const steps: string[] = [];
    for (;;) {
      const step = await runCampaignStep(t, c.id, cancelling);
      steps.push(step);
      if (step !== "sent") break;
      await cancelling.sleep(0);
    }
    expect(steps.at(-1)).toBe("stopped");
    expect((await phones(t.built.ctx, wa.id)).map((m) => m.number)).toEqual(numbers.slice(0, 5));
    expect((await statusOf(t.built.ctx, c.id)).status).toBe("CANCELADA");

    expect((await t.http.post(`/campaigns/${c.id}/restart`, {}, a.token)).status).toBe(200);
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    expect((await phones(t.built.ctx, wa.id)).map((m) => m.number)).toEqual(numbers);
  });

  it("waits while its connection is down, using up none of its list", async () => {
    const { a, wa, list, numbers } = await setUp(t, 2, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Oi" });
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    await t.built.ctx.db.update(whatsapps).set({ status: "DISCONNECTED" }).where(eq(whatsapps.id, wa.id));
    expect(await sendNext(t.built.ctx, c.id, clock)).toEqual({ kind: "wait", ms: CONNECTION_RETRY_MS });
    expect(await phones(t.built.ctx, wa.id)).toEqual([]);
    await t.built.ctx.db.update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, wa.id));
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    expect((await phones(t.built.ctx, wa.id)).map((m) => m.number)).toEqual(numbers);
  });

  it("sends the attachment after the text, and the sent file outlives the campaign", async () => {
    const { a, wa, list, numbers } = await setUp(t, 1, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Veja o folheto" });
    const up = await multipart(t, "POST", `/campaigns/${c.id}/media-upload`, a.token, {}, [{ field: "file", name: "folheto.png", data: PNG, type: "image/png" }]);
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    expect(await phones(t.built.ctx, wa.id)).toEqual([
      { number: numbers[0], body: "Veja o folheto", mediaName: null },
      { number: numbers[0], body: "", mediaName: "folheto.png" },
    ]);
    expect((await t.http.del(`/campaigns/${c.id}`, a.token)).status).toBe(200);
    // the ticket's message still shows its image
    expect(await t.built.ctx.media.read(a.company.id, up.body.record.mediaPath)).toEqual(PNG);
  });

  it("sends the file list's message and files in their order after the text", async () => {
    const { a, wa, list, numbers } = await setUp(t, 1, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const files = (await t.http.post("/files", { name: "Catálogo", message: "Segue o catálogo", options: [{ name: "Capa" }, { name: "Verso" }] }, a.token)).body as { id: number; options: { id: number }[] };
    const form = new FormData();
    form.append("fileId", String(files.id));
    form.append("typeArch", "fileList");
    for (const [i, name] of ["capa.png", "verso.png"].entries()) {
      form.append("files", new Blob([new Uint8Array(PNG)], { type: "image/png" }), name);
      form.append("mediaType", "image/png");
      form.append("name", i === 0 ? "Capa" : "Verso");
      form.append("id", String(files.options[i].id));
    }
    expect((await fetch(`${t.url}/files/uploadList/${files.id}`, { method: "POST", body: form, headers: { authorization: `Bearer ${a.token}` } })).status).toBe(200);
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, fileListId: files.id, message1: "Nosso catálogo" });
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    expect(await phones(t.built.ctx, wa.id)).toEqual([
      { number: numbers[0], body: "Nosso catálogo", mediaName: null },
      { number: numbers[0], body: "Segue o catálogo", mediaName: "capa.png" },
      { number: numbers[0], body: "", mediaName: "verso.png" },
    ]);
  });

  it("records a contact whose message the channel refused as failed, and goes on", async () => {
    const { a, wa, list, numbers } = await setUp(t, 2, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    // only an attachment, whose stored file is gone by the time it is sent
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "" });
    const up = await multipart(t, "POST", `/campaigns/${c.id}/media-upload`, a.token, {}, [{ field: "file", name: "folheto.png", data: PNG, type: "image/png" }]);
    expect(up.status).toBe(200);
    await t.built.ctx.media.remove(a.company.id, up.body.record.mediaPath);
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    expect(await phones(t.built.ctx, wa.id)).toEqual([]);
    const report = (await t.http.get(`/campaigns/${c.id}`, a.token)).body;
    expect(report.counts).toMatchObject({ validContacts: 2, delivered: 0, failed: 2 });
    expect(report.shipping.map((s: { number: string }) => s.number)).toEqual(numbers);
  });

  it("asks first when confirmation is on, and sends the message when the contact answers", async () => {
    const { a, wa, list, numbers } = await setUp(t, 2, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, confirmation: true, message1: "Seu cupom: BOAS10", confirmationMessage1: "Oi {nome}, quer receber um cupom?" });
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    expect(await runCampaign(t.built.ctx, c.id, undefined, clock)).toBe("finished");
    expect((await phones(t.built.ctx, wa.id)).map((m) => m.body)).toEqual(["Oi Cliente 1, quer receber um cupom?", "Oi Cliente 2, quer receber um cupom?"]);

    await customerSays(t.http, wa, numbers[1], "Sim, quero!");
    await expect.poll(async () => (await phones(t.built.ctx, wa.id)).map((m) => `${m.number}:${m.body}`), { timeout: 5_000 }).toContain(`${numbers[1]}:Seu cupom: BOAS10`);
    // a second answer sends nothing more
    await customerSays(t.http, wa, numbers[1], "Obrigado");
    await new Promise((r) => setTimeout(r, 300));
    const got = await phones(t.built.ctx, wa.id);
    expect(got.filter((m) => m.body === "Seu cupom: BOAS10").map((m) => m.number)).toEqual([numbers[1]]);
    const shippings = await t.built.ctx.db.select().from(campaignShippings).where(eq(campaignShippings.campaignId, c.id)).orderBy(asc(campaignShippings.position));
    expect(shippings[0]).toMatchObject({ confirmedAt: null, deliveredAt: null });
    expect(shippings[1].confirmationRequestedAt).toBeInstanceOf(Date);
    expect(shippings[1].confirmedAt).toBeInstanceOf(Date);
    expect(shippings[1].deliveredAt).toBeInstanceOf(Date);
  });

  it("never sends again to a number that answered SAIR, PARAR or STOP", async () => {
    const { a, wa, list, numbers } = await setUp(t, 3, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const first = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Primeira" });
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    await runCampaign(t.built.ctx, first.id, undefined, clock);
    await customerSays(t.http, wa, numbers[0], "  sair ");
    await customerSays(t.http, wa, numbers[2], "Não quero sair daqui");
    await expect.poll(async () => (await t.built.ctx.db.select().from(campaignOptOuts).where(eq(campaignOptOuts.companyId, a.company.id))).map((o) => o.number), { timeout: 5_000 }).toEqual([numbers[0]]);

    const second = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Segunda" });
    await startDueCampaigns(t.built.ctx, clock.now());
    await runCampaign(t.built.ctx, second.id, undefined, clock);
    const got = (await phones(t.built.ctx, wa.id)).filter((m) => m.body === "Segunda").map((m) => m.number);
    expect(got).toEqual([numbers[1], numbers[2]]);
  });
});

/** One step of the sender, as runCampaign takes it. */
async function runCampaignStep(t: TestApp, id: number, clock: CampaignClock) {
  return (await sendNext(t.built.ctx, id, clock)).kind;
}

describe("a restart of the server mid-campaign", () => {
  let dataDir: string;
  let same: StartOptions;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-campaigns-"));
    const fresh = await freshDatabaseUrl();
    drop = fresh.drop;
    same = fresh.url ? { dataDir, databaseUrl: fresh.url } : { dataDir, build: { pgliteDir: path.join(dataDir, "pglite") } };
  });
  afterAll(async () => {
    await drop?.();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("goes on from where it stopped: no contact twice, none missed", async () => {
    let t = await startTestApp(same);
    const { a, wa, list, numbers } = await setUp(t, 30, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Oi {nome}" });
    const clock = fakeClock(Date.now() + 3 * HOUR);
    await startDueCampaigns(t.built.ctx, clock.now());
    // the process stops during the pause after the 12th message
    const stop = new AbortController();
    const stopping: CampaignClock = {
      ...clock,
      sleep: async (ms) => {
        await clock.sleep(ms);
        if (clock.sleeps.length === 12) stop.abort();
      },
    };
    expect(await runCampaign(t.built.ctx, c.id, stop.signal, stopping)).toBe("aborted");
    expect(await phones(t.built.ctx, wa.id)).toHaveLength(12);
    await t.close();

    t = await startTestApp(same);
    try {
      useCampaignClock(t.built.ctx, clock);
      // the sweep of the new process finds the running campaign and gives it a sender
      await sweepCampaigns(t.built.ctx);
      await expect.poll(async () => (await statusOf(t.built.ctx, c.id)).status, { timeout: 20_000 }).toBe("FINALIZADA");
      await stopCampaignSenders(t.built.ctx);
      expect(await redeliverPending(t.built.ctx, 0)).toBe(0);
      expect((await phones(t.built.ctx, wa.id)).map((m) => m.number)).toEqual(numbers);
    } finally {
      await t.close();
    }
  });

  it("two senders on one campaign send to each contact once", async () => {
    const t = await startTestApp(same);
    try {
      const { a, wa, list, numbers } = await setUp(t, 20, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
      const c = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Oi" });
      const clock = fakeClock(Date.now() + 3 * HOUR);
      await startDueCampaigns(t.built.ctx, clock.now());
      const results = await Promise.all([runCampaign(t.built.ctx, c.id, undefined, clock), runCampaign(t.built.ctx, c.id, undefined, clock)]);
      for (const r of results) expect(["finished", "stopped"]).toContain(r);
      expect((await phones(t.built.ctx, wa.id)).map((m) => m.number).sort()).toEqual([...numbers].sort());
    } finally {
      await t.close();
    }
  });
});

describe("with the job runner", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ build: { jobs: true } });
  });
  afterAll(async () => t?.close());

  it("starts a campaign on its time, and a restarted one that was cancelled before its start", async () => {
    const { a, wa, list, numbers } = await setUp(t, 3, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    const onTime = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Na hora", scheduledAt: new Date(Date.now() + 1500).toISOString() });
    expect(onTime.status).toBe("PROGRAMADA");
    await expect.poll(async () => (await statusOf(t.built.ctx, onTime.id)).status, { timeout: 30_000, interval: 250 }).toBe("FINALIZADA");
    expect((await phones(t.built.ctx, wa.id)).filter((m) => m.body === "Na hora").map((m) => m.number)).toEqual(numbers);

    const later = await campaign(t, a, { whatsappId: wa.id, contactListId: list.id, message1: "Depois" });
    expect((await t.http.post(`/campaigns/${later.id}/cancel`, {}, a.token)).status).toBe(200);
    expect((await t.http.post(`/campaigns/${later.id}/restart`, {}, a.token)).status).toBe(200);
    await expect.poll(async () => (await statusOf(t.built.ctx, later.id)).status, { timeout: 30_000, interval: 250 }).toBe("FINALIZADA");
    expect((await phones(t.built.ctx, wa.id)).filter((m) => m.body === "Depois").map((m) => m.number)).toEqual(numbers);
  }, 90_000);
});

import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays } from "../../test/conversation";
import { FAKE_MP3, OpenAiStandIn } from "../../test/standins/openAi";
import { messages, promptReplies, tickets } from "../../db/schema";
import { answerLeftDue } from "./sweep";
import { HANDOVER_MESSAGE } from "./handover";
import { until } from "../../test/until";

const API_KEY = "sk-runtime-abcdef0123456789";
const VOICE_KEY = "voice-key-runtime-5566";
const SYSTEM = "Você é a assistente da Loja Exemplo. Responda em uma frase. Quando não souber, responda #transferir.";

let t: TestApp;
let ai: OpenAiStandIn;
const lines: string[] = [];

beforeAll(async () => {
  ai = await new OpenAiStandIn().start();
  ai.speechKey = VOICE_KEY;
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  t = await startTestApp({
    env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true", AI_MODEL: "modelo-padrao", AI_RETRY_DELAY_MS: "5", SPEECH_TTS_URL: ai.speechUrl, LOG_LEVEL: "debug" },
    build: { logger: true, logStream: stream },
  });
});
afterAll(async () => {
  await t?.close();
  await ai?.stop();
});

let seq = 0;
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(seq++).padStart(2, "0")}`;

interface Setup {
  token: string;
  companyId: number;
  queue: { id: number };
  prompt: { id: number };
  wa: { id: number; token: string };
}

/** A company whose connection (or, with `onQueue`, whose queue) has a prompt pointed at the stand-in. */
async function setup(over: Record<string, unknown> = {}, onQueue = false): Promise<Setup> {
  const a = await signUpCompany(t.http);
  const queue = (await t.http.post("/queue", { name: unique("Suporte "), color: "#123456", greetingMessage: "Fila de suporte." }, a.token)).body;
  const prompt = (await t.http.post("/prompt", { name: "Assistente", prompt: SYSTEM, queueId: queue.id, apiKey: API_KEY, baseUrl: `${ai.url}/v1`, maxMessages: 4, ...over }, a.token)).body;
  if (onQueue) await t.http.put(`/queue/${queue.id}`, { ...queue, promptId: prompt.id }, a.token);
  const created = await t.http.post("/whatsapp", { name: unique("Canal "), channel: "sandbox", greetingMessage: "Bem-vindo!", queueIds: [queue.id], promptId: onQueue ? null : prompt.id }, a.token);
  expect(created.status).toBe(201);
  expect((await t.http.post(`/sandbox/${created.body.id}/pair`, {}, a.token)).status).toBe(200);
  return { token: a.token, companyId: a.company.id, queue, prompt, wa: created.body };
}

const outbound = async (s: Setup, number: string) => (await t.http.get(`/sandbox/${s.wa.id}/outbound?number=${number}`, s.wa.token)).body as { body: string; mediaType?: string | null }[];
const ticketOf = async (s: Setup, id: number) =>
  (
    await t.built.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, s.companyId), eq(tickets.id, id)))
  )[0];

describe("an AI prompt answers its connection's tickets", () => {
  it("sends the prompt as system text with the conversation, and the reply reaches the customer once", async () => {
    const s = await setup();
    const number = newNumber();
    const before = ai.chats.length;
    ai.reply = () => ({ status: 200, text: "Abrimos às 9h." });
    const first = await customerSays(t.http, s.wa, number, "Que horas vocês abrem?");
    const sent = await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    expect(sent.map((m) => m.body)).toEqual(["Abrimos às 9h."]);
    const chat = ai.chats[before];
    expect(chat.authorization).toBe(`Bearer ${API_KEY}`);
    expect(chat.body).toMatchObject({ model: "modelo-padrao", max_tokens: 100, temperature: 1 });
    expect(chat.body.messages).toEqual([
      { role: "system", content: SYSTEM },
      { role: "user", content: "Que horas vocês abrem?" },
    ]);
    expect(await ticketOf(s, first.ticket.id)).toMatchObject({ status: "pending", userId: null, promptId: s.prompt.id });

    ai.reply = () => ({ status: 200, text: "Fechamos às 18h." });
    for (const text of ["E fecham?", "Obrigado"]) await customerSays(t.http, s.wa, number, text);
    const later = await until(
      () => outbound(s, number),
      (o) => o.length >= 3,
    );
    expect(later.map((m) => m.body)).toEqual(["Abrimos às 9h.", "Fechamos às 18h.", "Fechamos às 18h."]);
    // maxMessages 4: the last four messages of the ticket, oldest first
    const last = ai.chats[ai.chats.length - 1].body.messages;
    expect(last).toEqual([
      { role: "system", content: SYSTEM },
      { role: "assistant", content: "Abrimos às 9h." },
      { role: "user", content: "E fecham?" },
      { role: "assistant", content: "Fechamos às 18h." },
      { role: "user", content: "Obrigado" },
    ]);
    // the queue menu never spoke: no greeting, no menu
    await new Promise((r) => setTimeout(r, 300));
    expect((await outbound(s, number)).length).toBe(3);
  });

  it("hands the customer to a person on request: pending in the prompt's queue, and the bot stops", async () => {
    const s = await setup();
    const number = newNumber();
    const before = ai.chats.length;
    const said = await customerSays(t.http, s.wa, number, "Quero falar com um atendente, por favor");
    const sent = await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    expect(sent.map((m) => m.body)).toEqual([HANDOVER_MESSAGE]);
    expect(ai.chats.length).toBe(before);
    expect(await ticketOf(s, said.ticket.id)).toMatchObject({ status: "pending", userId: null, queueId: s.queue.id, promptId: null, chatbot: false });
    await customerSays(t.http, s.wa, number, "Alô?");
    await new Promise((r) => setTimeout(r, 400));
    expect((await outbound(s, number)).length).toBe(1);
    expect(ai.chats.length).toBe(before);
  });

  it("hands over when the model answers the #transferir instruction, sending what came with it", async () => {
    const s = await setup();
    const number = newNumber();
    ai.reply = () => ({ status: 200, text: "Um momento.\n#transferir" });
    const said = await customerSays(t.http, s.wa, number, "Preciso cancelar um pedido antigo");
    const sent = await until(
      () => outbound(s, number),
      (o) => o.length >= 2,
    );
    expect(sent.map((m) => m.body)).toEqual(["Um momento.", HANDOVER_MESSAGE]);
    expect(await ticketOf(s, said.ticket.id)).toMatchObject({ status: "pending", queueId: s.queue.id, promptId: null });
  });

  it("hands over after three failures of the endpoint, never silence", async () => {
    const s = await setup();
    const number = newNumber();
    const before = ai.chats.length;
    ai.reply = () => ({ status: 503 });
    const said = await customerSays(t.http, s.wa, number, "Oi");
    const sent = await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    expect(sent.map((m) => m.body)).toEqual([HANDOVER_MESSAGE]);
    expect(ai.chats.length - before).toBe(3);
    expect(await ticketOf(s, said.ticket.id)).toMatchObject({ status: "pending", queueId: s.queue.id, promptId: null });
  });

  it("refuses an endpoint on the server's own network unless the operator allows it, and hands over", async () => {
    const s = await setup();
    const number = newNumber();
    const config = t.built.ctx.config as { webhooksAllowPrivateHosts: boolean };
    config.webhooksAllowPrivateHosts = false;
    try {
      const before = ai.chats.length;
      const said = await customerSays(t.http, s.wa, number, "Oi");
      const sent = await until(
        () => outbound(s, number),
        (o) => o.length >= 1,
      );
      expect(sent.map((m) => m.body)).toEqual([HANDOVER_MESSAGE]);
      expect(ai.chats.length).toBe(before);
      expect(await ticketOf(s, said.ticket.id)).toMatchObject({ status: "pending", queueId: s.queue.id, promptId: null });
    } finally {
      config.webhooksAllowPrivateHosts = true;
    }
  });

  it("leaves a ticket an attendant holds alone", async () => {
    const s = await setup();
    const number = newNumber();
    ai.reply = () => ({ status: 200, text: "Resposta" });
    const said = await customerSays(t.http, s.wa, number, "Olá");
    await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    const me = (await t.http.get("/auth/me", s.token)).body;
    await t.built.ctx.db
      .update(tickets)
      .set({ status: "open", userId: me.id ?? null })
      .where(eq(tickets.id, said.ticket.id));
    const before = ai.chats.length;
    await customerSays(t.http, s.wa, number, "Tem alguém aí?");
    await new Promise((r) => setTimeout(r, 400));
    expect(ai.chats.length).toBe(before);
  });
});

describe("a ticket a queue integration holds", () => {
  it("is left to the integration's bot", async () => {
    const s = await setup();
    const number = newNumber();
    ai.reply = () => ({ status: 200, text: "Resposta" });
    const said = await customerSays(t.http, s.wa, number, "Olá");
    await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    await t.built.ctx.db.update(tickets).set({ useIntegration: true }).where(eq(tickets.id, said.ticket.id));
    const before = ai.chats.length;
    await customerSays(t.http, s.wa, number, "Ainda aí?");
    await new Promise((r) => setTimeout(r, 400));
    expect(ai.chats.length).toBe(before);
  });
});

describe("a prompt on a queue", () => {
  it("answers once the menu put the ticket in its queue, never the same message as the menu", async () => {
    const s = await setup({}, true);
    const other = (await t.http.post("/queue", { name: unique("Vendas "), color: "#654321" }, s.token)).body;
    await t.http.put(`/whatsapp/${s.wa.id}`, { name: unique("Canal "), queueIds: [s.queue.id, other.id], greetingMessage: "Bem-vindo!" }, s.token);
    const number = newNumber();
    ai.reply = () => ({ status: 200, text: "Sou a assistente do suporte." });
    const before = ai.chats.length;
    await customerSays(t.http, s.wa, number, "Oi");
    const menu = await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    expect(menu[0].body).toContain("Bem-vindo!");
    await customerSays(t.http, s.wa, number, "1");
    await until(
      () => outbound(s, number),
      (o) => o.length >= 2,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(ai.chats.length).toBe(before);
    await customerSays(t.http, s.wa, number, "Meu produto não liga");
    const sent = await until(
      () => outbound(s, number),
      (o) => o.length >= 3,
    );
    expect(sent.map((m) => m.body)).toEqual([menu[0].body, "Fila de suporte.", "Sou a assistente do suporte."]);
    expect(ai.chats.length - before).toBe(1);
  });
});

describe("a prompt on the connection's only queue, without a greeting or options", () => {
  it("answers the customer's first message, the one that put the ticket in its queue, once", async () => {
    const s = await setup({}, true);
    await t.http.put(`/queue/${s.queue.id}`, { ...s.queue, greetingMessage: "", promptId: s.prompt.id }, s.token);
    const number = newNumber();
    ai.reply = () => ({ status: 200, text: "Olá! Sou a assistente." });
    const before = ai.chats.length;
    const said = await customerSays(t.http, s.wa, number, "Vocês abrem no sábado?");
    await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    await new Promise((r) => setTimeout(r, 400));
    expect((await outbound(s, number)).map((m) => m.body)).toEqual(["Olá! Sou a assistente."]);
    expect(ai.chats.length - before).toBe(1);
    expect(ai.chats[before].body.messages.at(-1)).toEqual({ role: "user", content: "Vocês abrem no sábado?" });
    expect(await ticketOf(s, said.ticket.id)).toMatchObject({ queueId: s.queue.id, promptId: s.prompt.id, chatbot: false });
    await customerSays(t.http, s.wa, number, "E no domingo?");
    await until(
      () => outbound(s, number),
      (o) => o.length >= 2,
    );
    expect(ai.chats.length - before).toBe(2);
  });
});

describe("voice", () => {
  it("transcribes the customer's audio before the model reads it, and speaks the reply with SSML", async () => {
    const s = await setup({ voice: "pt-BR-FranciscaNeural", voiceKey: VOICE_KEY, voiceRegion: "brazilsouth" });
    const number = newNumber();
    ai.reply = () => ({ status: 200, text: "O plano anual custa R$ 100 & vem com 2 meses grátis." });
    ai.transcript = "Quero saber o preço do plano anual";
    const before = { chats: ai.chats.length, speeches: ai.speeches.length, transcriptions: ai.transcriptions.length };
    const audio = Buffer.from("OggS-fake-audio-bytes").toString("base64");
    const said = await customerSays(t.http, s.wa, number, "", { mediaType: "audio", media: { data: audio, filename: "nota.ogg", mimetype: "audio/ogg" } });
    const sent = await until(
      () => outbound(s, number),
      (o) => o.length >= 2,
    );
    expect(sent.map((m) => m.body)[0]).toBe("O plano anual custa R$ 100 & vem com 2 meses grátis.");
    expect(sent[1].mediaType).toBe("audio");
    expect(ai.transcriptions.slice(before.transcriptions)).toEqual([{ authorization: `Bearer ${API_KEY}`, model: "whisper-1", filename: "nota.ogg", size: 21 }]);
    expect(ai.chats[before.chats].body.messages.at(-1)).toEqual({ role: "user", content: "Quero saber o preço do plano anual" });
    const speech = ai.speeches[before.speeches];
    expect(speech).toMatchObject({ region: "brazilsouth", key: VOICE_KEY, contentType: "application/ssml+xml", format: "audio-16khz-128kbitrate-mono-mp3" });
    expect(speech.ssml).toContain('<voice name="pt-BR-FranciscaNeural">O plano anual custa R$ 100 &amp; vem com 2 meses grátis.</voice>');
    const list = (await t.http.get(`/messages/${said.ticket.id}`, s.token)).body.messages as { id: number; transcript: string | null; mediaType: string | null; fromMe: boolean; mediaUrl: string | null }[];
    expect(list.find((m) => m.id === said.message.id)?.transcript).toBe("Quero saber o preço do plano anual");
    const spoken = list.find((m) => m.fromMe && m.mediaType === "audio");
    const file = await fetch(`${t.url}${spoken!.mediaUrl}`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(Buffer.from(await file.arrayBuffer())).toEqual(FAKE_MP3);
  });
});

describe("after a stop", () => {
  it("answers a message left due once, and never twice", async () => {
    const s = await setup();
    const number = newNumber();
    ai.reply = () => ({ status: 200, text: "Primeira resposta" });
    const said = await customerSays(t.http, s.wa, number, "Olá");
    await until(
      () => outbound(s, number),
      (o) => o.length >= 1,
    );
    // a message recorded as due whose answer a stop interrupted
    const [lost] = await t.built.ctx.db
      .insert(messages)
      .values({ companyId: s.companyId, ticketId: said.ticket.id, whatsappId: s.wa.id, contactId: said.ticket.contactId, externalId: unique("lost-"), body: "Vocês entregam?", fromMe: false })
      .returning();
    await t.built.ctx.db.insert(promptReplies).values({ companyId: s.companyId, messageId: lost.id, ticketId: said.ticket.id, promptId: s.prompt.id, createdAt: new Date(Date.now() - 60_000) });
    ai.reply = () => ({ status: 200, text: "Entregamos sim." });
    expect(await answerLeftDue(t.built.ctx, 0)).toBeGreaterThanOrEqual(1);
    await answerLeftDue(t.built.ctx, 0);
    const sent = await until(
      () => outbound(s, number),
      (o) => o.length >= 2,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await outbound(s, number)).map((m) => m.body)).toEqual(["Primeira resposta", "Entregamos sim."]);
    expect(sent.length).toBe(2);
  });

  it("never writes a key to a log line", () => {
    const joined = lines.join("\n");
    expect(joined).not.toContain(API_KEY);
    expect(joined).not.toContain(VOICE_KEY);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays } from "../../test/conversation";
import { OpenAiStandIn } from "../../test/standins/openAi";
import { tickets } from "../../db/schema";
import { TRIES } from "./assistant";
import { HANDOVER_MESSAGE } from "./handover";
import { until } from "../../test/until";

const VOICE_KEY = "voice-key-falha-7788";

let t: TestApp;
let ai: OpenAiStandIn;

beforeAll(async () => {
  ai = await new OpenAiStandIn().start();
  ai.speechKey = VOICE_KEY;
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true", AI_RETRY_DELAY_MS: "5", SPEECH_TTS_URL: ai.speechUrl } });
});
afterAll(async () => {
  await t?.close();
  await ai?.stop();
});

let seq = 0;
const newNumber = () => `55117${String(Date.now()).slice(-6)}${String(seq++).padStart(2, "0")}`;

/** A company whose connection has a prompt with a voice, pointed at the stand-in. */
async function setup() {
  const a = await signUpCompany(t.http);
  const queue = (await t.http.post("/queue", { name: unique("Suporte "), color: "#123456" }, a.token)).body;
  const prompt = (
    await t.http.post(
      "/prompt",
      { name: "Assistente", prompt: "Responda em uma frase.", queueId: queue.id, apiKey: "sk-voz-0001", baseUrl: `${ai.url}/v1`, voice: "pt-BR-FranciscaNeural", voiceKey: VOICE_KEY, voiceRegion: "brazilsouth" },
      a.token,
    )
  ).body;
  const wa = await t.http.post("/whatsapp", { name: unique("Canal "), channel: "sandbox", queueIds: [queue.id], promptId: prompt.id }, a.token);
  expect(wa.status).toBe(201);
  expect((await t.http.post(`/sandbox/${wa.body.id}/pair`, {}, a.token)).status).toBe(200);
  return { companyId: a.company.id as number, queue, prompt, wa: wa.body as { id: number; token: string } };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const outbound = async (s: Setup, number: string) => (await t.http.get(`/sandbox/${s.wa.id}/outbound?number=${number}`, s.wa.token)).body as { body: string; mediaType: string | null }[];
const ticketOf = async (s: Setup, id: number) =>
  (
    await t.built.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, s.companyId), eq(tickets.id, id)))
  )[0];
const quiet = () => new Promise((r) => setTimeout(r, 400));

const audioMessage = { mediaType: "audio", media: { data: Buffer.from("OggS-audio-do-cliente").toString("base64"), filename: "nota.ogg", mimetype: "audio/ogg" } };

describe("a failing speech server", () => {
  it("answering 500: the text reply still goes out, once, without audio and without a hand-over", async () => {
    const s = await setup();
    ai.speechStatus = 500;
    try {
      ai.reply = () => ({ status: 200, text: "Abrimos às 9h." });
      const before = ai.speeches.length;
      const number = newNumber();
      const said = await customerSays(t.http, s.wa, number, "Que horas abrem?");
      await until(
        () => outbound(s, number),
        (o) => o.length >= 1,
      );
      await quiet();
      expect(await outbound(s, number)).toMatchObject([{ body: "Abrimos às 9h.", mediaType: null }]);
      expect(ai.speeches.length - before).toBe(TRIES);
      expect(await ticketOf(s, said.ticket.id)).toMatchObject({ status: "pending", userId: null, promptId: s.prompt.id });
    } finally {
      ai.speechStatus = 200;
    }
  });
});

describe("a failing transcription server", () => {
  it("answering 500: the model reads the audio as a placeholder and its reply goes out once", async () => {
    const s = await setup();
    ai.transcriptionStatus = 500;
    try {
      ai.reply = () => ({ status: 200, text: "Não consegui ouvir seu áudio, pode escrever?" });
      const before = { chats: ai.chats.length, transcriptions: ai.transcriptions.length };
      const number = newNumber();
      const said = await customerSays(t.http, s.wa, number, "", audioMessage);
      const sent = await until(
        () => outbound(s, number),
        (o) => o.length >= 2,
      );
      await quiet();
      expect((await outbound(s, number)).map((m) => m.body)).toEqual(["Não consegui ouvir seu áudio, pode escrever?", ""]);
      expect(sent[1].mediaType).toBe("audio");
      expect(ai.transcriptions.length - before.transcriptions).toBe(TRIES);
      expect(ai.chats.length - before.chats).toBe(1);
      expect(ai.chats[before.chats].body.messages.at(-1)).toEqual({ role: "user", content: "[audio]" });
      expect(await ticketOf(s, said.ticket.id)).toMatchObject({ status: "pending", userId: null, promptId: s.prompt.id });
    } finally {
      ai.transcriptionStatus = 200;
    }
  });

  it("and a failing model too: the customer is handed to a person, never left in silence", async () => {
    const s = await setup();
    ai.transcriptionStatus = 500;
    ai.reply = () => ({ status: 500 });
    try {
      const number = newNumber();
      const said = await customerSays(t.http, s.wa, number, "", audioMessage);
      await until(
        () => outbound(s, number),
        (o) => o.length >= 1,
      );
      await quiet();
      expect((await outbound(s, number)).map((m) => m.body)).toEqual([HANDOVER_MESSAGE]);
      expect(await ticketOf(s, said.ticket.id)).toMatchObject({ status: "pending", userId: null, queueId: s.queue.id, promptId: null });
    } finally {
      ai.transcriptionStatus = 200;
      ai.reply = () => ({ status: 200, text: "Olá! Como posso ajudar?" });
    }
  });
});

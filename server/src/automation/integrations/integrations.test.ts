import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { MENU_PNG, NOTICE_MP3, TUTORIAL_MP4, startDialogflowStandIn, startIntegrationWebhook, startTypebotStandIn, standInServiceAccount } from "../../test/standins/queueIntegrations";
import { eq } from "drizzle-orm";
import { integrationSessions } from "../../db/schema";
import { runDueIntegrationCalls } from "./calls";
import { MEDIA_LIMITS } from "./apply";
import { OpenAiStandIn } from "../../test/standins/openAi";
import { until } from "../../test/until";

let t: TestApp;
let dialogflow: Awaited<ReturnType<typeof startDialogflowStandIn>>;
let ai: OpenAiStandIn;

beforeAll(async () => {
  dialogflow = await startDialogflowStandIn();
  ai = await new OpenAiStandIn().start();
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true", DIALOGFLOW_API_URL: dialogflow.url } });
});
afterAll(async () => {
  await t?.close();
  await dialogflow?.close();
  await ai?.stop();
});

const color = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;

/** A company with a sandbox connection whose one queue (or the connection itself) has the integration. */
async function workspace(integration: Record<string, unknown>, on: "queue" | "connection" = "queue") {
  const a = await signUpCompany(t.http);
  const created = await t.http.post("/queueIntegration", integration, a.token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const w = await pairedSandbox(t.http, a.token);
  const queue = await t.http.post("/queue", { name: unique("Vendas "), color: color(), integrationId: on === "queue" ? created.body.id : null }, a.token);
  expect(queue.status).toBe(201);
  const put = await t.http.put(`/whatsapp/${w.id}`, { name: w.name, queueIds: [queue.body.id], integrationId: on === "connection" ? created.body.id : null }, a.token);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { a, w, integration: created.body, queueId: queue.body.id as number };
}

const outbound = async (w: { id: number; token: string }, number: string) => ((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body as { body: string }[]).map((m) => m.body);

const ticketOf = async (token: string, id: number) => (await t.http.get(`/tickets/${id}`, token)).body;

describe("webhook and n8n integrations", () => {
  it("post the signed message, send the reply's messages once and apply its action", async () => {
    const secret = "whsec_teste_1234";
    const hook = await startIntegrationWebhook(secret, (body) =>
      body.message.body === "humano" ? { messages: ["Chamando um atendente"], action: { type: "handover" } } : { messages: [`Recebi: ${body.message.body}`, { body: "Algo mais?" }] },
    );
    try {
      const { a, w, queueId } = await workspace({ name: "Webhook", type: "webhook", urlN8N: `${hook.url}/in`, secret });
      const number = "5511900001111";
      const first = await customerSays(t.http, w, number, "oi");
      expect(
        await until(
          () => outbound(w, number),
          (o) => o.includes("Algo mais?"),
        ),
      ).toEqual(["Recebi: oi", "Algo mais?"]);
      expect(hook.arrivals).toHaveLength(1);
      expect(hook.arrivals[0]).toMatchObject({ signatureOk: true, body: { event: "message.created", message: { id: first.message.id, body: "oi" }, ticket: { id: first.ticket.id, queueId, contact: { number } } } });
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ status: "pending", queueId, useIntegration: true });

      // a redelivered message is not handed or answered again
      await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 3_600_000));
      expect(hook.arrivals).toHaveLength(1);

      await customerSays(t.http, w, number, "humano");
      const ticket = await until(
        () => ticketOf(a.token, first.ticket.id),
        (tk) => tk.useIntegration === false,
      );
      expect(ticket).toMatchObject({ status: "pending", queueId, useIntegration: false, integrationId: expect.any(Number) });
      expect(await outbound(w, number)).toEqual(["Recebi: oi", "Algo mais?", "Chamando um atendente"]);
      // handed over: the next message is for people
      await customerSays(t.http, w, number, "alô?");
      expect(hook.arrivals).toHaveLength(2);
    } finally {
      await hook.close();
    }
  });

  it("closes, tags or transfers as the reply asks", async () => {
    const hook = await startIntegrationWebhook("segredo-n8n", (body) => ({ messages: [], action: body.message.body === "fim" ? { type: "close" } : { type: "transfer", queueId: Number(body.message.body) } }));
    try {
      const { a, w } = await workspace({ name: "Fluxo n8n", type: "n8n", urlN8N: hook.url, secret: "segredo-n8n" });
      const other = await t.http.post("/queue", { name: unique("Suporte "), color: color() }, a.token);
      const moved = await customerSays(t.http, w, "5511900002222", String(other.body.id));
      expect(
        await until(
          () => ticketOf(a.token, moved.ticket.id),
          (tk) => tk.queueId === other.body.id,
        ),
      ).toMatchObject({ queueId: other.body.id, status: "pending", useIntegration: false });
      const closed = await customerSays(t.http, w, "5511900003333", "fim");
      expect(
        await until(
          () => ticketOf(a.token, closed.ticket.id),
          (tk) => tk.status === "closed",
        ),
      ).toMatchObject({ status: "closed", useIntegration: false });
    } finally {
      await hook.close();
    }
  });

  it("tries a failing endpoint again with backoff, then hands the ticket to a person in its queue", async () => {
    const hook = await startIntegrationWebhook("segredo-falha", () => ({ messages: ["voltei"] }));
    hook.state.failing = true;
    try {
      const { a, w, queueId } = await workspace({ name: "Instável", type: "webhook", urlN8N: hook.url, secret: "segredo-falha" });
      const number = "5511900004444";
      const said = await customerSays(t.http, w, number, "oi");
      await until(
        async () => hook.arrivals.length,
        (n) => n >= 1,
      );
      expect((await ticketOf(a.token, said.ticket.id)).useIntegration).toBe(true);
      await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 11_000));
      expect(hook.arrivals).toHaveLength(2);
      await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 10 * 60_000));
      expect(hook.arrivals).toHaveLength(3);
      expect(await ticketOf(a.token, said.ticket.id)).toMatchObject({ status: "pending", queueId, userId: null, useIntegration: false });
      hook.state.failing = false;
      await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 60 * 60_000));
      expect(hook.arrivals).toHaveLength(3);
      expect(await outbound(w, number)).toEqual([]);
    } finally {
      await hook.close();
    }
  });
});

describe("typebot integrations", () => {
  it("start a chat with the contact's variables, send texts, images and numbered choices, and follow the session", async () => {
    const bot = await startTypebotStandIn("vendas");
    try {
      const { a, w } = await workspace(
        {
          name: "Typebot",
          type: "typebot",
          urlN8N: bot.url,
          typebotSlug: "vendas",
          typebotDelayMessage: 10,
          typebotUnknownMessage: "Não entendi",
          typebotKeywordFinish: "sair",
          typebotKeywordRestart: "reiniciar",
          typebotRestartMessage: "Vamos recomeçar",
        },
        "connection",
      );
      const number = "5511900005555";
      const first = await customerSays(t.http, w, number, "oi");
      const greeted = await until(
        () => outbound(w, number),
        (o) => o.length >= 3,
      );
      expect(greeted).toEqual([`Olá Cliente ${number.slice(-4)}!`, "", "1 - Comprar\n2 - Suporte"]);
      // the picture goes as a picture, fetched from the bot
      const picture = ((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body as { mediaType: string; mediaName: string; mediaUrl: string }[])[1];
      expect(picture).toMatchObject({ mediaType: "image", mediaName: "cardapio.png" });
      expect(Buffer.from(await (await fetch(t.url + picture.mediaUrl, { headers: { authorization: `Bearer ${w.token}` } })).arrayBuffer())).toEqual(MENU_PNG);
      expect(bot.calls[0]).toMatchObject({ path: "/api/v1/typebots/vendas/startChat", body: { prefilledVariables: { number, name: `Cliente ${number.slice(-4)}` } } });

      await customerSays(t.http, w, number, "talvez");
      expect(
        (
          await until(
            () => outbound(w, number),
            (o) => o.length >= 5,
          )
        ).slice(3),
      ).toEqual(["Não entendi", "1 - Comprar\n2 - Suporte"]);
      await customerSays(t.http, w, number, "1");
      expect(
        (
          await until(
            () => outbound(w, number),
            (o) => o.length >= 6,
          )
        ).slice(5),
      ).toEqual(["Pedido anotado, obrigado!"]);
      expect(bot.calls.at(-1)).toMatchObject({ body: { message: { type: "text", text: "Comprar" } } });

      await customerSays(t.http, w, number, "reiniciar");
      expect(
        (
          await until(
            () => outbound(w, number),
            (o) => o.length >= 7,
          )
        ).slice(6),
      ).toEqual(["Vamos recomeçar"]);
      await customerSays(t.http, w, number, "sair");
      expect(
        await until(
          () => ticketOf(a.token, first.ticket.id),
          (tk) => !tk.useIntegration,
        ),
      ).toMatchObject({ status: "pending", useIntegration: false });
    } finally {
      await bot.close();
    }
  });
});

describe("typebot media", () => {
  it("sends video and audio bubbles as media of their kind, once, and an address only for what cannot be fetched", async () => {
    const bot = await startTypebotStandIn("midia");
    try {
      const { w } = await workspace({ name: "Typebot mídia", type: "typebot", urlN8N: bot.url, typebotSlug: "midia", typebotDelayMessage: 0 });
      const number = "5511900009999";
      await customerSays(t.http, w, number, "oi");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 3,
      );
      await customerSays(t.http, w, number, "2");
      const sent = async () => (await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body as { body: string; mediaType: string | null; mediaName: string | null; mediaUrl: string | null }[];
      await until(sent, (o) => o.length >= 9);
      await new Promise((r) => setTimeout(r, 300));
      const answer = (await sent()).slice(3);
      expect(answer.map((m) => ({ body: m.body, mediaType: m.mediaType, mediaName: m.mediaName }))).toEqual([
        { body: "", mediaType: "video", mediaName: "tutorial.mp4" },
        { body: "", mediaType: "audio", mediaName: "aviso.mp3" },
        // a web page where a video was due, and a file gone: their addresses
        { body: `${bot.url}/files/pagina.mp4`, mediaType: null, mediaName: null },
        { body: `${bot.url}/files/sumiu.mp3`, mediaType: null, mediaName: null },
        { body: "https://www.youtube.com/watch?v=abc123", mediaType: null, mediaName: null },
        { body: "https://maps.example.com/loja", mediaType: null, mediaName: null },
      ]);
      const bytes = async (url: string) => Buffer.from(await (await fetch(t.url + url, { headers: { authorization: `Bearer ${w.token}` } })).arrayBuffer());
      expect(await bytes(answer[0].mediaUrl!)).toEqual(TUTORIAL_MP4);
      expect(await bytes(answer[1].mediaUrl!)).toEqual(NOTICE_MP3);
      expect(bot.fetched).toMatchObject({ "/files/tutorial": 1, "/files/aviso.mp3": 1, "/files/pagina.mp4": 1, "/files/sumiu.mp3": 1 });
    } finally {
      await bot.close();
    }
  });

  it("sends a file larger than allowed as its address, in a text", async () => {
    const big = Buffer.alloc(MEDIA_LIMITS.file + 1, 1);
    const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(big));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/grande.png`;
    const hook = await startIntegrationWebhook("segredo-grande", () => ({ messages: [{ body: "Foto", mediaUrl: url }] }));
    try {
      const { w } = await workspace({ name: "Grande", type: "webhook", urlN8N: hook.url, secret: "segredo-grande" });
      const number = "5511900009998";
      await customerSays(t.http, w, number, "foto?");
      expect(
        await until(
          () => outbound(w, number),
          (o) => o.length >= 1,
        ),
      ).toEqual([`Foto\n${url}`]);
    } finally {
      await hook.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("typebot sessions", () => {
  it("end after typebotExpires minutes of silence: the next message starts the flow again", async () => {
    const bot = await startTypebotStandIn("expira");
    try {
      const { w } = await workspace({ name: "Typebot curto", type: "typebot", urlN8N: bot.url, typebotSlug: "expira", typebotDelayMessage: 0, typebotExpires: 2 });
      const number = "5511900007777";
      const first = await customerSays(t.http, w, number, "oi");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 3,
      );
      await customerSays(t.http, w, number, "talvez");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 4,
      );
      const starts = () => bot.calls.filter((c) => c.path.endsWith("/startChat")).length;
      expect(starts()).toBe(1);
      await t.built.ctx.db
        .update(integrationSessions)
        .set({ lastActivityAt: new Date(Date.now() - 3 * 60_000) })
        .where(eq(integrationSessions.ticketId, first.ticket.id));
      await customerSays(t.http, w, number, "voltei");
      await until(
        async () => starts(),
        (n) => n >= 2,
      );
      expect(bot.calls.at(-1)).toMatchObject({ path: "/api/v1/typebots/expira/startChat", body: { message: { text: "voltei" } } });
    } finally {
      await bot.close();
    }
  });
});

describe("webhook replies with files and tags", () => {
  it("send a file by its address as media and tag the ticket while the bot goes on", async () => {
    const bot = await startTypebotStandIn("arquivos");
    const state = { tagId: 0, fileUrl: `${bot.url}/files/cardapio.png` };
    const hook = await startIntegrationWebhook("segredo-tag", () => ({ messages: [{ body: "Nosso cardápio", mediaUrl: state.fileUrl }], action: { type: "tag", tagId: state.tagId } }));
    try {
      const { a, w } = await workspace({ name: "Com etiqueta", type: "webhook", urlN8N: hook.url, secret: "segredo-tag" });
      state.tagId = (await t.http.post("/tags", { name: unique("Lead "), color: "#ff0000" }, a.token)).body.id;
      const number = "5511900008888";
      const said = await customerSays(t.http, w, number, "cardápio?");
      const sent = await until(
        async () => (await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body as { body: string; mediaType: string }[],
        (o) => o.length >= 1,
      );
      expect(sent).toMatchObject([{ body: "Nosso cardápio", mediaType: "image" }]);
      const ticket = await until(
        () => ticketOf(a.token, said.ticket.id),
        (tk) => tk.tags?.length > 0,
      );
      expect(ticket).toMatchObject({ useIntegration: true, tags: [expect.objectContaining({ id: state.tagId })] });
    } finally {
      await hook.close();
      await bot.close();
    }
  });
});

describe("dialogflow integrations", () => {
  it("detect intents with a token from the service account, send the fulfilment and hand over at the end intent", async () => {
    const { account, publicKey } = standInServiceAccount(`${dialogflow.url}/token`);
    dialogflow.trust(publicKey);
    const { a, w, queueId } = await workspace({ name: "Agente", type: "dialogflow", projectName: "agente", jsonContent: JSON.stringify(account), language: "es" });
    const number = "5511900006666";
    const first = await customerSays(t.http, w, number, "hola");
    expect(
      await until(
        () => outbound(w, number),
        (o) => o.length >= 1,
      ),
    ).toEqual(["Você disse: hola"]);
    expect(dialogflow.detections.at(-1)).toMatchObject({ text: "hola", languageCode: "es" });
    expect(dialogflow.detections.at(-1)!.path).toContain(`/v2/projects/agente/agent/sessions/balcao-${first.ticket.uuid}:detectIntent`);
    await customerSays(t.http, w, number, "tchau");
    expect(
      await until(
        () => ticketOf(a.token, first.ticket.id),
        (tk) => !tk.useIntegration,
      ),
    ).toMatchObject({ status: "pending", queueId, useIntegration: false });
    expect(await outbound(w, number)).toEqual(["Você disse: hola", "Até logo, um atendente vai continuar."]);

    const test = await t.http.post("/queueIntegration/testSession", { projectName: "agente", jsonContent: JSON.stringify(account), language: "pt-BR" }, a.token);
    expect(test.body).toMatchObject({ ok: true, messages: ["Você disse: Olá"] });
    const stranger = standInServiceAccount(`${dialogflow.url}/token`).account;
    expect((await t.http.post("/queueIntegration/testSession", { projectName: "agente", jsonContent: JSON.stringify(stranger) }, a.token)).body).toMatchObject({ ok: false });
  });
});

describe("one automatic answer per customer message", () => {
  const echo = (body: any) => (body.message.body === "humano" ? { messages: ["Chamando um atendente"], action: { type: "handover" } } : { messages: [`Bot: ${body.message.body}`] });
  const quiet = () => new Promise((r) => setTimeout(r, 400));
  /** A prompt pointed at the model stand-in, handing over to `queueId`. */
  const promptOf = async (token: string, queueId: number) =>
    (await t.http.post("/prompt", { name: "Assistente", prompt: "Você é a assistente da loja. Responda em uma frase curta e cordial, sempre.", queueId, apiKey: "sk-teste-0001", baseUrl: `${ai.url}/v1` }, token))
      .body as { id: number };

  it("a queue with an options tree and a greeting: entering it, the integration answers and the menu keeps quiet", async () => {
    const hook = await startIntegrationWebhook("segredo-menu", echo);
    try {
      const { a, w, queueId, integration } = await workspace({ name: "Com menu", type: "webhook", urlN8N: hook.url, secret: "segredo-menu" });
      await t.http.put(`/queue/${queueId}`, { name: unique("Vendas "), color: color(), greetingMessage: "Fila de vendas.", integrationId: integration.id }, a.token);
      for (const option of ["1", "2"]) expect((await t.http.post("/queue-options", { queueId, option, title: `Opção ${option}`, message: `Texto ${option}` }, a.token)).status).toBe(201);
      // listed second in the menu
      const other = await t.http.post("/queue", { name: unique("Zeladoria "), color: color() }, a.token);
      await t.http.put(`/whatsapp/${w.id}`, { name: w.name, greetingMessage: "Bem-vindo!", queueIds: [queueId, other.body.id] }, a.token);
      const number = "5511900011001";
      const first = await customerSays(t.http, w, number, "oi");
      const [menu] = await until(
        () => outbound(w, number),
        (o) => o.length >= 1,
      );
      expect(menu).toContain("Bem-vindo!");
      await customerSays(t.http, w, number, "1");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 2,
      );
      await quiet();
      expect(await outbound(w, number)).toEqual([menu, "Bot: 1"]);
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ queueId, chatbot: false, useIntegration: true });
      await customerSays(t.http, w, number, "2");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 3,
      );
      await quiet();
      expect(await outbound(w, number)).toEqual([menu, "Bot: 1", "Bot: 2"]);
      expect(hook.arrivals.map((h) => h.body.message.body)).toEqual(["1", "2"]);

      // the only queue of its connection: the customer's first message enters it, answered by the bot alone
      const single = await workspace({ name: "Só fila", type: "webhook", urlN8N: hook.url, secret: "segredo-menu" });
      await t.http.put(`/queue/${single.queueId}`, { name: unique("Única "), color: color(), greetingMessage: "Fila única.", integrationId: single.integration.id }, single.a.token);
      await t.http.post("/queue-options", { queueId: single.queueId, option: "1", title: "Opção", message: "Texto" }, single.a.token);
      await customerSays(t.http, single.w, "5511900011002", "olá");
      await until(
        () => outbound(single.w, "5511900011002"),
        (o) => o.length >= 1,
      );
      await quiet();
      expect(await outbound(single.w, "5511900011002")).toEqual(["Bot: olá"]);
    } finally {
      await hook.close();
    }
  });

  it("a connection with a prompt and an integration: the integration answers, the model is never asked", async () => {
    const hook = await startIntegrationWebhook("segredo-conexao", echo);
    try {
      const { a, w, queueId, integration } = await workspace({ name: "Da conexão", type: "webhook", urlN8N: hook.url, secret: "segredo-conexao" }, "connection");
      const prompt = await promptOf(a.token, queueId);
      expect((await t.http.put(`/whatsapp/${w.id}`, { name: w.name, queueIds: [queueId], integrationId: integration.id, promptId: prompt.id }, a.token)).status).toBe(200);
      const before = ai.chats.length;
      const number = "5511900011003";
      const first = await customerSays(t.http, w, number, "oi");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 1,
      );
      await customerSays(t.http, w, number, "tudo bem?");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 2,
      );
      await quiet();
      expect(await outbound(w, number)).toEqual(["Bot: oi", "Bot: tudo bem?"]);
      expect(ai.chats.length).toBe(before);
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ useIntegration: true, promptId: null });
    } finally {
      await hook.close();
    }
  });

  it("a queue with a prompt and an integration: the integration answers until it hands over, then a person, never the model", async () => {
    const hook = await startIntegrationWebhook("segredo-fila", echo);
    try {
      const { a, w, queueId, integration } = await workspace({ name: "Da fila", type: "webhook", urlN8N: hook.url, secret: "segredo-fila" });
      const prompt = await promptOf(a.token, queueId);
      await t.http.put(`/queue/${queueId}`, { name: unique("Vendas "), color: color(), integrationId: integration.id, promptId: prompt.id }, a.token);
      const before = ai.chats.length;
      const number = "5511900011004";
      const first = await customerSays(t.http, w, number, "oi");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 1,
      );
      await customerSays(t.http, w, number, "e aí?");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 2,
      );
      await customerSays(t.http, w, number, "humano");
      await until(
        () => ticketOf(a.token, first.ticket.id),
        (tk) => tk.useIntegration === false,
      );
      await customerSays(t.http, w, number, "alô?");
      await quiet();
      expect(await outbound(w, number)).toEqual(["Bot: oi", "Bot: e aí?", "Chamando um atendente"]);
      expect(ai.chats.length).toBe(before);
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ status: "pending", queueId, userId: null, useIntegration: false, promptId: null });
    } finally {
      await hook.close();
    }
  });
});

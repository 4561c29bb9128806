import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A JSON server on 127.0.0.1: `handle` answers each request from its path, headers and raw body. */
async function jsonServer(handle: (req: { method: string; path: string; headers: http.IncomingHttpHeaders; raw: string }) => { status?: number; json?: unknown; text?: string; file?: { type: string; data: Buffer } }) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const out = handle({ method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
      if (out.file) return res.writeHead(out.status ?? 200, { "content-type": out.file.type }).end(out.file.data);
      if (out.text !== undefined) return res.writeHead(out.status ?? 200, { "content-type": "text/plain" }).end(out.text);
      res.writeHead(out.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(out.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const bubble = (text: string) => ({ id: crypto.randomUUID(), type: "text", content: { type: "richText", richText: [{ type: "p", children: [{ text }] }] } });

/** A 1×1 PNG, the menu picture the Typebot stand-in shows. */
export const MENU_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** A few bytes standing in for a video and an audio file the Typebot stand-in serves. */
export const TUTORIAL_MP4 = Buffer.from("\x00\x00\x00\x18ftypmp42-video-de-tutorial", "binary");
export const NOTICE_MP3 = Buffer.from("ID3-aviso-em-audio", "binary");

/**
 * A Typebot-like public chat API: flow `slug` greets the contact by the prefilled name, shows an
 * image and asks a choice ("Comprar" or "Suporte"); "Comprar" ends the flow with a text;
 * "Suporte" ends it with media bubbles: a video and an audio it serves, a video whose address
 * answers a web page, an audio whose address is gone, a YouTube video and an embed; any other
 * answer is not matched (no bubbles, the same choice again). `fetched` counts each file's downloads.
 * While `state.failing`, the chat API answers 500 (the call still recorded).
 */
export async function startTypebotStandIn(slug: string) {
  const calls: { path: string; body: any }[] = [];
  const state = { failing: false };
  const fetched: Record<string, number> = {};
  const sessions = new Set<string>();
  const choice = {
    type: "choice input",
    items: [
      { id: "a", content: "Comprar" },
      { id: "b", content: "Suporte" },
    ],
  };
  const files: Record<string, { type: string; data: Buffer }> = {
    "/files/cardapio.png": { type: "image/png", data: MENU_PNG },
    // no extension in the address: the file takes its type's
    "/files/tutorial": { type: "video/mp4", data: TUTORIAL_MP4 },
    "/files/aviso.mp3": { type: "audio/mpeg", data: NOTICE_MP3 },
    "/files/pagina.mp4": { type: "text/html; charset=utf-8", data: Buffer.from("<html>não é um vídeo</html>") },
  };
  const server = await jsonServer(({ path, headers, raw }) => {
    if (path.startsWith("/files/")) {
      fetched[path] = (fetched[path] ?? 0) + 1;
      return files[path] ? { file: files[path] } : { status: 404, text: "gone" };
    }
    const body = raw ? JSON.parse(raw) : {};
    calls.push({ path, body });
    if (state.failing) return { status: 500, json: { message: "Internal server error" } };
    if (path === `/api/v1/typebots/${slug}/startChat`) {
      const sessionId = `sess-${crypto.randomUUID()}`;
      sessions.add(sessionId);
      const name = body.prefilledVariables?.name ?? "?";
      return { json: { sessionId, messages: [bubble(`Olá ${name}!`), { id: "img", type: "image", content: { url: `http://${headers.host}/files/cardapio.png` } }], input: choice } };
    }
    const m = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (m) {
      if (!sessions.has(m[1])) return { status: 404, json: { message: "Session not found." } };
      const text = String(body.message?.text ?? body.message ?? "");
      if (text.toLowerCase() === "comprar") {
        sessions.delete(m[1]);
        return { json: { messages: [bubble("Pedido anotado, obrigado!")] } };
      }
      if (text.toLowerCase() === "suporte") {
        sessions.delete(m[1]);
        const at = (file: string) => `http://${headers.host}/files/${file}`;
        return {
          json: {
            messages: [
              { id: "v1", type: "video", content: { type: "url", url: at("tutorial") } },
              { id: "a1", type: "audio", content: { url: at("aviso.mp3") } },
              { id: "v2", type: "video", content: { type: "url", url: at("pagina.mp4") } },
              { id: "a2", type: "audio", content: { url: at("sumiu.mp3") } },
              { id: "v3", type: "video", content: { type: "youtube", id: "abc123", url: "https://www.youtube.com/watch?v=abc123" } },
              { id: "e1", type: "embed", content: { url: "https://maps.example.com/loja" } },
            ],
          },
        };
      }
      return { json: { messages: [], input: choice } };
    }
    return { status: 404, json: { message: "not found" } };
  });
  return { ...server, calls, fetched, state };
}

export interface WebhookArrival {
  body: any;
  signatureOk: boolean;
}

/**
 * A webhook (or n8n) receiver: checks x-balcao-signature over the raw body with `secret` and
 * answers what `reply` makes of the request (status 500 while `failing`).
 */
export async function startIntegrationWebhook(secret: string, reply: (body: any) => unknown) {
  const arrivals: WebhookArrival[] = [];
  const state = { failing: false };
  const server = await jsonServer(({ headers, raw }) => {
    const expected = `sha256=${crypto.createHmac("sha256", secret).update(raw).digest("hex")}`;
    const given = String(headers["x-balcao-signature"] ?? "");
    const signatureOk = given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    const body = JSON.parse(raw);
    arrivals.push({ body, signatureOk });
    if (!signatureOk) return { status: 401, json: { error: "bad signature" } };
    if (state.failing) return { status: 500, text: "down" };
    return { json: reply(body) };
  });
  return { ...server, arrivals, state };
}

/** A Google-like service account whose key the Dialogflow stand-in verifies. */
export function standInServiceAccount(tokenUri: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const account = { type: "service_account", project_id: "agente", client_email: "bot@agente.iam.gserviceaccount.com", private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), token_uri: tokenUri };
  return { account, publicKey };
}

/**
 * A Dialogflow-like API: /token exchanges a JWT bearer assertion signed RS256 by the service
 * account's key for a token; detectIntent (with that token) echoes the text, and "tchau" is an
 * end-of-conversation intent. `tokenRequests` counts token exchanges; while `state.detectFailing`,
 * detectIntent answers 500 (the detection still recorded).
 */
export async function startDialogflowStandIn() {
  const keys: crypto.KeyObject[] = [];
  const tokens = new Set<string>();
  const detections: { path: string; text: string; languageCode: string }[] = [];
  const state = { detectFailing: false, tokenRequests: 0 };
  const server = await jsonServer(({ path, headers, raw }) => {
    if (path === "/token") {
      state.tokenRequests++;
      const assertion = new URLSearchParams(raw).get("assertion") ?? "";
      const [h, c, s] = assertion.split(".");
      const valid = !!s && keys.some((k) => crypto.verify("RSA-SHA256", Buffer.from(`${h}.${c}`), k, Buffer.from(s, "base64url")));
      if (!valid) return { status: 401, json: { error: "invalid_grant" } };
      const token = `tok-${crypto.randomUUID()}`;
      tokens.add(token);
      return { json: { access_token: token, expires_in: 3600, token_type: "Bearer" } };
    }
    const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (!m) return { status: 404, json: {} };
    if (!tokens.has(String(headers.authorization ?? "").replace(/^Bearer /, ""))) return { status: 401, json: { error: "unauthenticated" } };
    const { text, languageCode } = JSON.parse(raw).queryInput.text;
    detections.push({ path, text, languageCode });
    if (state.detectFailing) return { status: 500, json: { error: { code: 500, message: "Internal error" } } };
    if (String(text).toLowerCase() === "tchau")
      return { json: { queryResult: { fulfillmentMessages: [{ text: { text: ["Até logo, um atendente vai continuar."] } }], intent: { displayName: "Encerrar", endInteraction: true } } } };
    return { json: { queryResult: { fulfillmentText: `Você disse: ${text}`, fulfillmentMessages: [{ text: { text: [`Você disse: ${text}`] } }], intent: { displayName: "Eco" } } } };
  });
  return { ...server, detections, state, trust: (key: crypto.KeyObject) => keys.push(key) };
}

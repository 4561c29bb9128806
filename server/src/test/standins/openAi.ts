import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens: number; temperature: number };
}

export interface SpeechRequest {
  region: string;
  key: string | undefined;
  format: string | undefined;
  contentType: string | undefined;
  ssml: string;
}

/** The bytes the speech stand-in answers: an MP3 frame header, enough to be a file. */
export const FAKE_MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, 0x00, 0x00, 0x00, 0x00, 0x61, 0x75, 0x64, 0x69, 0x6f]);

/**
 * A local OpenAI-compatible API (POST /v1/chat/completions, multipart POST /v1/audio/transcriptions)
 * and an Azure-Speech-like text-to-speech endpoint (POST /{region}/cognitiveservices/v1 with SSML and
 * Ocp-Apim-Subscription-Key), recording what they receive. `reply` decides each chat answer.
 */
export class OpenAiStandIn {
  readonly chats: ChatRequest[] = [];
  readonly transcriptions: { authorization: string | undefined; model: string; filename: string; size: number }[] = [];
  readonly speeches: SpeechRequest[] = [];
  reply: (req: ChatRequest) => { status: number; text?: string } = () => ({ status: 200, text: "Olá! Como posso ajudar?" });
  transcript = "Quero saber o preço do plano anual";
  /** Set to a failure (500) to have transcriptions fail, after recording them. */
  transcriptionStatus = 200;
  speechKey = "";
  /** Set to a failure (500) to have speech fail, after recording the request. */
  speechStatus = 200;
  private server!: http.Server;
  url = "";

  async start() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => void this.answer(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** What the speech setting SPEECH_TTS_URL points at. */
  get speechUrl() {
    return `${this.url}/{region}/cognitiveservices/v1`;
  }

  private async answer(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse) {
    const path = new URL(req.url!, "http://x").pathname;
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "POST" && path === "/v1/chat/completions") {
      const chat: ChatRequest = { authorization: req.headers.authorization, body: JSON.parse(raw.toString("utf8")) };
      this.chats.push(chat);
      const { status, text } = this.reply(chat);
      if (status !== 200) return json(status, { error: { message: "unavailable" } });
      return json(200, { id: "chatcmpl-1", object: "chat.completion", model: chat.body.model, choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }] });
    }
    if (req.method === "POST" && path === "/v1/audio/transcriptions") {
      const form = await new Response(raw, { headers: { "content-type": String(req.headers["content-type"]) } }).formData();
      const file = form.get("file") as File | null;
      if (!file) return json(400, { error: { message: "file required" } });
      this.transcriptions.push({ authorization: req.headers.authorization, model: String(form.get("model")), filename: file.name, size: file.size });
      if (this.transcriptionStatus !== 200) return json(this.transcriptionStatus, { error: { message: "unavailable" } });
      return json(200, { text: this.transcript });
    }
    const speech = /^\/([a-z0-9-]+)\/cognitiveservices\/v1$/.exec(path);
    if (req.method === "POST" && speech) {
      const heard: SpeechRequest = {
        region: speech[1],
        key: req.headers["ocp-apim-subscription-key"] as string | undefined,
        format: req.headers["x-microsoft-outputformat"] as string | undefined,
        contentType: req.headers["content-type"],
        ssml: raw.toString("utf8"),
      };
      this.speeches.push(heard);
      if (heard.key !== this.speechKey) return res.writeHead(401).end();
      if (this.speechStatus !== 200) return res.writeHead(this.speechStatus).end();
      if (heard.contentType !== "application/ssml+xml" || !heard.format || !/<speak[^>]*>.*<voice name="[^"]+">.+<\/voice><\/speak>/s.test(heard.ssml)) return res.writeHead(400).end();
      return res.writeHead(200, { "content-type": "audio/mpeg" }).end(FAKE_MP3);
    }
    json(404, { error: { message: "not found" } });
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

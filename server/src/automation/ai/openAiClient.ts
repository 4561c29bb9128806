import { refusedHost } from "../../http/publicAddress";

/**
 * The two calls AI prompts make to any OpenAI-compatible API: chat completions (the reply) and
 * audio transcriptions (what a customer's audio says). Errors never carry the key.
 */

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface Endpoint {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  /** Addresses on the server's own network are refused unless the operator allows them (WEBHOOKS_ALLOW_PRIVATE_HOSTS). */
  allowPrivate: boolean;
}

export class AiEndpointError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "AiEndpointError";
  }
}

const headersOf = (endpoint: Endpoint): Record<string, string> => (endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {});

async function post(endpoint: Endpoint, path: string, init: { headers?: Record<string, string>; body: string | FormData }) {
  const url = new URL(`${endpoint.baseUrl}${path}`);
  const refused = await refusedHost(url.hostname, endpoint.allowPrivate);
  if (refused) throw new AiEndpointError(`${path} refused: ${refused} address`);
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { ...headersOf(endpoint), ...init.headers }, body: init.body, signal: AbortSignal.timeout(endpoint.timeoutMs) });
  } catch (err) {
    throw new AiEndpointError(`${path} unreachable: ${(err as Error).name}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new AiEndpointError(`${path} answered ${res.status}`, res.status);
  }
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch {
    throw new AiEndpointError(`${path} answered no JSON`);
  }
}

export interface Completion {
  model: string;
  messages: ChatMessage[];
  maxTokens: number;
  temperature: number;
}

/** The model's reply text; an empty or malformed answer is a failure (it is retried like one). */
export async function complete(endpoint: Endpoint, c: Completion): Promise<string> {
  const data = await post(endpoint, "/chat/completions", {
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: c.model, messages: c.messages, max_tokens: c.maxTokens, temperature: c.temperature }),
  });
  const choices = data.choices as { message?: { content?: unknown } }[] | undefined;
  const content = choices?.[0]?.message?.content;
  if (typeof content !== "string" || !content.trim()) throw new AiEndpointError("/chat/completions answered no text");
  return content.trim();
}

/** The text of an audio file (multipart upload, as the transcription endpoint takes it). */
export async function transcribe(endpoint: Endpoint, model: string, audio: { data: Buffer; filename: string; mimetype: string }): Promise<string> {
  const form = new FormData();
  form.append("model", model);
  form.append("file", new Blob([new Uint8Array(audio.data)], { type: audio.mimetype }), audio.filename);
  const data = await post(endpoint, "/audio/transcriptions", { body: form });
  if (typeof data.text !== "string") throw new AiEndpointError("/audio/transcriptions answered no text");
  return data.text.trim();
}

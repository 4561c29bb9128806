import { z } from "zod";
import { ConfigError } from "./configError";

/**
 * Where AI prompts reach their model and speech services when a prompt names none, and how long
 * they wait between tries. A prompt's own baseUrl and model win over these.
 */
export interface AiConfig {
  /** An OpenAI-compatible API root (…/v1): chat completions and audio transcriptions live under it. */
  aiBaseUrl: string;
  aiModel: string;
  aiTranscriptionModel: string;
  /** Pause between the tries of a failing endpoint (three tries, then a person takes over). */
  aiRetryDelayMs: number;
  aiTimeoutMs: number;
  /** Azure Speech's text-to-speech address; `{region}` is replaced by the prompt's region. */
  speechTtsUrl: string;
}

const schema = z.object({
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api.openai.com/v1"),
  AI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  AI_TRANSCRIPTION_MODEL: z.string().trim().min(1).default("whisper-1"),
  AI_RETRY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(60_000),
  SPEECH_TTS_URL: z.string().trim().min(1).default("https://{region}.tts.speech.microsoft.com/cognitiveservices/v1"),
});

export function loadAiConfig(env: Record<string, string | undefined>): AiConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  return {
    aiBaseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
    aiModel: e.AI_MODEL,
    aiTranscriptionModel: e.AI_TRANSCRIPTION_MODEL,
    aiRetryDelayMs: e.AI_RETRY_DELAY_MS,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    speechTtsUrl: e.SPEECH_TTS_URL,
  };
}

import { maskSecret, type PromptRecord } from "@balcao/common";
import type { prompts } from "../../db/schema";
import { unseal } from "../../channels/sealing";

type PromptRow = typeof prompts.$inferSelect;

/** A key as the API shows it: its last 4 characters behind a mask, never the whole key. */
const shown = (dataDir: string, sealed: string | null) => (sealed ? maskSecret(unseal(dataDir, sealed)) : null);

/** A prompt as its page, the dialogs' selects and the `prompt` events carry it. */
export function presentPrompt(dataDir: string, p: PromptRow, queue: { id: number; name: string; color: string } | null) {
  return {
    id: p.id,
    name: p.name,
    prompt: p.prompt,
    voice: p.voice,
    voiceKey: shown(dataDir, p.voiceKey),
    voiceRegion: p.voiceRegion,
    maxTokens: p.maxTokens,
    temperature: p.temperature,
    apiKey: shown(dataDir, p.apiKey),
    queueId: p.queueId,
    maxMessages: p.maxMessages,
    baseUrl: p.baseUrl,
    model: p.model,
    companyId: p.companyId,
    queue,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  } satisfies PromptRecord;
}

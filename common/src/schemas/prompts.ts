import { z } from "zod";
import { V } from "./messages";

/** The text-only choice and the 15 Brazilian-Portuguese neural voices of Azure Speech (administration §9). */
export const PROMPT_VOICES = [
  "texto",
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

export const PROMPT_DEFAULTS = { voice: "texto" as PromptVoice, maxTokens: 100, temperature: 1, maxMessages: 10 };

/** The spec's message for a prompt without a queue (sector). */
export const PROMPT_QUEUE_REQUIRED = "Informe o setor";

/** Keys are shown only by their last 4 characters behind this mask; a masked value sent back keeps the stored key. */
export const SECRET_MASK = "••••";
export const maskSecret = (plain: string | null | undefined) => (plain ? `${SECRET_MASK}${plain.slice(-4)}` : null);
export const isMaskedSecret = (value: string | null | undefined) => !!value && value.startsWith(SECRET_MASK);

const number = (min: number, max: number, int: boolean) => {
  const base = z.coerce.number({ error: V.invalidValue }).min(min, V.invalidValue).max(max, V.invalidValue);
  return int ? base.int(V.invalidValue) : base;
};
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.tooLong)
    .nullish()
    .transform((v) => v || null);

/**
 * POST/PUT /prompt. A missing or masked key (apiKey, voiceKey) on an update keeps the stored one;
 * baseUrl and model point the prompt at any OpenAI-compatible endpoint.
 */
export const promptBody = z.object({
  name: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
  prompt: z.string({ error: V.required }).trim().min(1, V.required).max(20_000, V.tooLong),
  queueId: z.coerce.number({ error: PROMPT_QUEUE_REQUIRED }).int(PROMPT_QUEUE_REQUIRED).positive(PROMPT_QUEUE_REQUIRED).max(2_147_483_647, PROMPT_QUEUE_REQUIRED),
  maxTokens: number(1, 32_000, true).optional().default(PROMPT_DEFAULTS.maxTokens),
  temperature: number(0, 2, false).optional().default(PROMPT_DEFAULTS.temperature),
  maxMessages: number(1, 100, true).optional().default(PROMPT_DEFAULTS.maxMessages),
  voice: z
    .enum(PROMPT_VOICES, { error: V.invalidValue })
    .nullish()
    .transform((v) => v ?? PROMPT_DEFAULTS.voice),
  voiceKey: optionalText(500),
  voiceRegion: z
    .string()
    .trim()
    .max(50, V.tooLong)
    .regex(/^[a-z0-9-]*$/i, V.invalidValue)
    .nullish()
    .transform((v) => v || null),
  apiKey: optionalText(500),
  baseUrl: z
    .string()
    .trim()
    .max(500, V.tooLong)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), V.invalidValue)
    .nullish()
    .transform((v) => v || null),
  model: optionalText(100),
  companyId: z.unknown().optional(),
});
export type PromptBody = z.infer<typeof promptBody>;
export type PromptFormInput = z.input<typeof promptBody>;

/** GET /prompt: the client may send companyId; the caller's own company is used. */
export const promptsQuery = z.object({ companyId: z.unknown().optional(), searchParam: z.string().optional(), pageNumber: z.unknown().optional() });

/** A prompt as the API presents it: keys only by their last 4 characters. */
export interface PromptRecord {
  id: number;
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string | null;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  apiKey: string | null;
  queueId: number | null;
  maxMessages: number;
  baseUrl: string | null;
  model: string | null;
  companyId: number;
  queue: { id: number; name: string; color: string } | null;
  createdAt: string;
  updatedAt: string;
}

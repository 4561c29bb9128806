import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { messages, promptReplies, prompts } from "../../db/schema";
import { unseal } from "../../channels/sealing";
import { complete, type Endpoint } from "./openAiClient";
import { contextOf, transcriptOf } from "./conversation";
import { asksForPerson, readReply } from "./handover";
import { synthesize } from "./speech";
import { stageReply, type Reply } from "./stageReply";

type PromptRow = typeof prompts.$inferSelect;

/** A failing endpoint is tried this many times for one message; then a person takes over. */
export const TRIES = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tried<T>(ctx: AppContext, what: string, work: () => Promise<T>): Promise<T | null> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    try {
      return await work();
    } catch (err) {
      // the error names the path and the status only: never the key nor the customer's words
      ctx.log?.warn({ err: { message: (err as Error).message }, attempt }, `AI ${what} failed`);
      if (attempt < TRIES) await pause(ctx.config.aiRetryDelayMs * attempt);
    }
  }
  return null;
}

const endpointOf = (ctx: AppContext, prompt: PromptRow): Endpoint => ({
  baseUrl: (prompt.baseUrl || ctx.config.aiBaseUrl).replace(/\/+$/, ""),
  apiKey: prompt.apiKey ? unseal(ctx.config.dataDir, prompt.apiKey) : null,
  timeoutMs: ctx.config.aiTimeoutMs,
  allowPrivate: ctx.config.webhooksAllowPrivateHosts,
});

/** The reply spoken with the prompt's voice, stored as a file; null without a voice, or when the speech service fails. */
async function spoken(ctx: AppContext, prompt: PromptRow, companyId: number, text: string) {
  if (!text || prompt.voice === "texto" || !prompt.voiceKey || !prompt.voiceRegion) return null;
  const voice = { name: prompt.voice, key: unseal(ctx.config.dataDir, prompt.voiceKey), region: prompt.voiceRegion };
  const audio = await tried(ctx, "speech", () => synthesize(ctx.config.speechTtsUrl, voice, text, ctx.config.aiTimeoutMs));
  return audio ? ctx.media.save(companyId, audio, "resposta.mp3") : null;
}

/**
 * Answers one customer message recorded as due (`prompt_replies`): a person when the customer
 * asks for one; otherwise the model reads the prompt and the conversation (audio transcribed
 * first) and its reply goes out, spoken too when the prompt has a voice. A model that fails
 * three times, or that answers the hand-over instruction, gives the ticket to the prompt's queue.
 */
export async function answerDue(ctx: AppContext, companyId: number, messageId: number) {
  const [due] = await ctx.db
    .select()
    .from(promptReplies)
    .where(and(eq(promptReplies.companyId, companyId), eq(promptReplies.messageId, messageId)));
  if (!due || due.answeredAt) return;
  const [prompt] = await ctx.db
    .select()
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, due.promptId)));
  if (!prompt) return;
  const [message] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
  if (!message) return;
  const endpoint = endpointOf(ctx, prompt);
  const reply: Reply = { companyId, messageId, ticketId: due.ticketId, prompt: { id: prompt.id, queueId: prompt.queueId }, text: "", handover: null };
  let said = message.body;
  if (message.mediaType === "audio") said = (await tried(ctx, "transcription", () => transcriptOf(ctx, endpoint, companyId, messageId))) ?? said;
  if (asksForPerson(said)) return stageReply(ctx, { ...reply, handover: "asked" });
  const context = await contextOf(ctx, companyId, due.ticketId, prompt.prompt, prompt.maxMessages);
  const model = prompt.model || ctx.config.aiModel;
  const answer = await tried(ctx, "chat", () => complete(endpoint, { model, messages: context, maxTokens: prompt.maxTokens, temperature: prompt.temperature }));
  if (answer === null) return stageReply(ctx, { ...reply, handover: "failed" });
  const { text, handover } = readReply(answer);
  const audio = await spoken(ctx, prompt, companyId, text);
  return stageReply(ctx, { ...reply, text, audio, handover: handover ? "instructed" : null });
}

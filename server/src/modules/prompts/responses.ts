import { z } from "zod";
import { id, messageAnswer, object, page } from "../../http/responses/shapes";

const moment = z.iso.datetime({ offset: true });

/** An AI prompt with its queue; keys only masked, by their last 4 characters. */
export const promptAnswer = object({
  id,
  name: z.string(),
  prompt: z.string(),
  voice: z.string(),
  voiceKey: z.string().nullable().meta({ description: "Masked: only its last 4 characters." }),
  voiceRegion: z.string().nullable(),
  maxTokens: z.number().int(),
  temperature: z.number(),
  apiKey: z.string().nullable().meta({ description: "Masked: only its last 4 characters." }),
  queueId: id.nullable(),
  maxMessages: z.number().int(),
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  companyId: id,
  queue: object({ id, name: z.string(), color: z.string() }).nullable(),
  createdAt: moment,
  updatedAt: moment,
}).meta({ description: "An AI prompt with its queue; keys masked." });

export const promptsPage = page("prompts", promptAnswer).meta({ description: "A page of prompts, by name." });
export const promptDeleted = messageAnswer;

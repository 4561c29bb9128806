import { z } from "zod";
import { id, messageAnswer, looseEntity, timestamp } from "../../http/responses/shapes";

/** A customer's message that could not be stored, as the company's admins see it. */
export const deadLetter = looseEntity({
  id,
  whatsappId: id.nullable(),
  whatsappName: z.string().nullable().meta({ description: "The connection's name, or null when it was deleted since." }),
  channel: z.string(),
  externalId: z.string(),
  errorCode: z.string(),
  errorMessage: z.string(),
  payload: z.unknown().meta({ description: "What the channel delivered (file bytes as their size, secrets left out)." }),
  createdAt: timestamp,
}).meta({ description: "An incoming message that could not be stored, and why." });

export const deadLettersPage = looseEntity({ deadLetters: z.array(deadLetter), count: z.number().int(), hasMore: z.boolean() }).meta({ description: "A page of the company's dead letters, newest first." });

export const deadLetterDismissed = messageAnswer;

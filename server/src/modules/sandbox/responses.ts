import { z } from "zod";
import { file, id, object, timestamp } from "../../http/responses/shapes";
import { messageView } from "../messages/responses";
import { ticketView } from "../tickets/responses";

/** A message as the simulated phone keeps it (presentSandboxMessage). */
export const sandboxMessage = object({
  id: z.string().meta({ description: "The message's id on the channel." }),
  number: z.string(),
  direction: z.string().meta({ description: "in: the customer wrote it; out: the company sent it." }),
  body: z.string(),
  mediaType: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  quotedId: z.string().nullable(),
  ack: z.number().int(),
  deleted: z.boolean(),
  reaction: z.string().nullable().meta({ description: "The company's reaction to it." }),
  createdAt: timestamp,
});

/** The customer's message stored in its ticket (again, for a repeated id: `duplicate`). */
const storedInbound = object({ duplicate: z.boolean(), message: messageView, ticket: ticketView, created: z.boolean(), rating: z.boolean() });
/** A group message the company ignores: delivered to the phone, kept nowhere. */
const ignoredInbound = object({ duplicate: z.literal(false), ignored: z.literal(true) });

const ok = object({ ok: z.literal(true) });

export const sandboxResponses = {
  paired: { 200: object({ status: z.literal("CONNECTED") }) },
  pairedByCode: { 200: object({ status: z.literal("CONNECTED"), name: z.string() }) },
  inbound: {
    200: storedInbound.meta({ description: "A message of this id was stored before: the stored one." }),
    201: z.union([storedInbound, ignoredInbound]).meta({ description: "The message stored in its ticket, or ignored (a group message the company does not keep)." }),
    202: object({ duplicate: z.literal(false), stored: z.literal(false), deadLetterId: id, error: z.literal("ERR_CREATING_MESSAGE") }).meta({
      description: "The message could not be stored: kept for the company's admins.",
    }),
  },
  conversation: { 200: z.array(sandboxMessage).meta({ description: "The phone's messages with the number, oldest first." }) },
  ok: { 200: ok },
  call: { 201: object({ id: z.string() }) },
  media: { 200: file },
};

import { z } from "zod";
import { QUEUE_INTEGRATION_TYPES } from "@balcao/common";
import { id, messageAnswer, object, page } from "../../http/responses/shapes";

const moment = z.iso.datetime({ offset: true });

/** An integration: its secrets never, only whether they exist and their last 4 characters. */
export const queueIntegrationAnswer = object({
  id,
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  name: z.string(),
  projectName: z.string(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotRestartMessage: z.string(),
  typebotUnknownMessage: z.string(),
  hasJsonContent: z.boolean().meta({ description: "Whether a service account is stored." }),
  clientEmail: z.string().nullable(),
  secretLast4: z.string().nullable(),
  companyId: id,
  createdAt: moment,
  updatedAt: moment,
}).meta({ description: "A queue integration (Dialogflow, n8n, webhook or Typebot), without its secrets." });

/** On creation only, a webhook's signing secret is answered once, whole. */
export const createdQueueIntegration = queueIntegrationAnswer.extend({
  secret: z.string().optional().meta({ description: "The webhook's signing secret, shown this once." }),
});

export const queueIntegrationsPage = page("queueIntegrations", queueIntegrationAnswer).meta({ description: "A page of integrations, by name." });
export const queueIntegrationDeleted = messageAnswer;

/** The Dialogflow agent's answer to a greeting, or ok false when it refused. */
export const queueIntegrationTest = object({
  ok: z.boolean(),
  messages: z.array(z.string()),
  intent: z.string().nullable(),
}).meta({ description: "Whether the agent answered, its messages and the intent matched." });

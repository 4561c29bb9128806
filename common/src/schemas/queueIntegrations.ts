import { z } from "zod";
import { listQuery } from "./common";
import { V } from "./messages";

/** The bots and workflow tools a queue or connection can hand its customers to (administration §3). */
export const QUEUE_INTEGRATION_TYPES = ["dialogflow", "n8n", "webhook", "typebot"] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

/** Rows per page of GET /queueIntegration. */
export const QUEUE_INTEGRATIONS_PAGE_SIZE = 20;

/** The spec's typebot defaults (administration §9). */
export const TYPEBOT_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;

/** Languages offered for Dialogflow; any BCP-47 tag is accepted. */
export const DIALOGFLOW_LANGUAGES = ["pt-BR", "en", "es"] as const;

export const queueIntegrationsQuery = listQuery.extend({ companyId: z.unknown().optional() });

const text = (max: number) =>
  z
    .string()
    .max(max, V.tooLong)
    .nullish()
    .transform((v) => v?.trim() ?? "");

const count = (fallback: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 86_400_000) {
        ctx.addIssue({ code: "custom", message: V.invalidValue });
        return z.NEVER;
      }
      return n;
    });

const url = z
  .string()
  .max(2000, V.tooLong)
  .nullish()
  .transform((v) => v?.trim() ?? "")
  .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), V.invalidValue);

/**
 * POST /queueIntegration and PUT /queueIntegration/:id (administration §6): name 2–50, type
 * required, a URL for n8n, webhook and typebot, a slug for typebot. `jsonContent` (the Dialogflow
 * service account) and `secret` (the webhook signing secret) are secrets: left empty on an edit,
 * the stored ones stay.
 */
export const queueIntegrationBody = z
  .object({
    name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
    type: z.enum(QUEUE_INTEGRATION_TYPES, { error: V.required }),
    projectName: text(200),
    jsonContent: text(20_000),
    language: text(20),
    urlN8N: url,
    secret: text(200),
    typebotSlug: text(200),
    typebotExpires: count(TYPEBOT_DEFAULTS.typebotExpires),
    typebotDelayMessage: count(TYPEBOT_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: text(100),
    typebotKeywordRestart: text(100),
    typebotRestartMessage: text(2000),
    typebotUnknownMessage: text(2000),
    companyId: z.unknown().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.type !== "dialogflow" && !b.urlN8N) ctx.addIssue({ code: "custom", path: ["urlN8N"], message: V.required });
    if (b.type === "typebot" && !b.typebotSlug) ctx.addIssue({ code: "custom", path: ["typebotSlug"], message: V.required });
  });
export type QueueIntegrationBody = z.infer<typeof queueIntegrationBody>;
export type QueueIntegrationFormInput = z.input<typeof queueIntegrationBody>;

/** POST /queueIntegration/testSession: a Dialogflow agent answers a greeting with these credentials. */
export const queueIntegrationTestBody = z.object({
  projectName: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  jsonContent: z.string({ error: V.required }).trim().min(1, V.required).max(20_000, V.tooLong),
  language: z
    .string()
    .trim()
    .max(20, V.tooLong)
    .nullish()
    .transform((v) => v || "pt-BR"),
});
export type QueueIntegrationTestBody = z.infer<typeof queueIntegrationTestBody>;

/** A queue integration as the API presents it: secrets only as their last 4 characters. */
export interface QueueIntegrationRecord {
  id: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  /** Whether a service account is stored, and the client_email it names (not secret). */
  hasJsonContent: boolean;
  clientEmail: string | null;
  secretLast4: string | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

import crypto from "node:crypto";
import type { QueueIntegrationBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { seal } from "../../channels/sealing";
import { AppError } from "../../http/errors";

const invalid = (field: string) => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: Invalid value` });

/** The parts of a Google service account the Dialogflow runtime uses; anything else in the JSON is kept but unread. */
export interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
  project_id?: string;
}

export function parseServiceAccount(json: string, field = "jsonContent"): ServiceAccount {
  let parsed: Partial<ServiceAccount>;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid(field);
  }
  if (typeof parsed?.client_email !== "string" || typeof parsed.private_key !== "string") throw invalid(field);
  return parsed as ServiceAccount;
}

/** A signing secret for n8n and webhook integrations when the admin gives none. */
export const newSigningSecret = () => `whsec_${crypto.randomBytes(24).toString("base64url")}`;

/**
 * The sealed columns a body gives: a secret left empty keeps the stored one (undefined), except a
 * new webhook or n8n integration, which gets a fresh signing secret (returned once, `plainSecret`).
 */
export function sealedColumns(ctx: AppContext, body: QueueIntegrationBody, creating: boolean) {
  const columns: { jsonContent?: string; clientEmail?: string | null; secret?: string; secretLast4?: string | null } = {};
  let plainSecret: string | undefined;
  if (body.jsonContent) {
    const account = parseServiceAccount(body.jsonContent);
    columns.jsonContent = seal(ctx.config.dataDir, body.jsonContent);
    columns.clientEmail = account.client_email;
  }
  const signs = body.type === "n8n" || body.type === "webhook";
  if (body.secret) plainSecret = body.secret;
  else if (creating && signs) plainSecret = newSigningSecret();
  if (plainSecret) {
    columns.secret = seal(ctx.config.dataDir, plainSecret);
    columns.secretLast4 = plainSecret.slice(-4);
  }
  return { columns, plainSecret: body.secret ? undefined : plainSecret };
}

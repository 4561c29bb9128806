import crypto from "node:crypto";
import { WEBHOOK_SECRET_BYTES } from "@balcao/common";
import type { AppContext } from "../../context";
import { seal } from "../../channels/sealing";

/** A fresh signing secret, recognisable in a receiver's configuration by its prefix. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(WEBHOOK_SECRET_BYTES).toString("base64url")}`;

/** The columns that keep a secret: sealed with the server's channel key, and its last 4 characters. */
export function sealedSecret(ctx: AppContext, plain: string) {
  return { secret: seal(ctx.config.dataDir, plain), secretLast4: plain.slice(-4) };
}

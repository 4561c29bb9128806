import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { subscriptionBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { AppError } from "../../http/errors";
import { subscribe } from "./subscribe";
import { confirmCharge } from "./confirm";
import { ProviderError } from "./providers/provider";
import { pixCharge, webhookReceived } from "./responses";

const tags = ["billing"];
const adminsOnly = { preValidation: async (request: FastifyRequest) => authorize(request.caller, "drawer-admin-items:view") };

/** Asaas' payment webhook: what we read of it. */
const asaasWebhook = z.looseObject({ event: z.string().max(100).optional(), payment: z.looseObject({ id: z.string().min(1).max(100) }).optional() });
const ASAAS_PAID_EVENTS = new Set(["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]);
/** Efí's Pix webhook: the Pix received, each with the txid of its charge. */
const efiWebhook = z.looseObject({
  pix: z
    .array(z.looseObject({ txid: z.string().max(100).optional() }))
    .max(1000)
    .optional(),
});

const sameSecret = (given: string | undefined, expected: string | undefined) => {
  if (!given || !expected) return false;
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/** A charge the provider could not be asked about is answered 503: the provider sends the webhook again later. */
async function confirmAll(ctx: AppContext, provider: string, chargeIds: string[]) {
  try {
    for (const id of chargeIds) await confirmCharge(ctx, provider, id);
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError("ERR_PAYMENT_PROVIDER", 503);
    throw err;
  }
  return { received: true as const };
}

/**
 * The checkout (`POST /subscription`, the spec's payload, answered with the Pix charge) and the
 * providers' webhooks. A webhook proves itself with its secret, and only says which charge to ask
 * the provider about: the provider's answer decides.
 */
export function billingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post("/subscription", { ...adminsOnly, schema: { body: subscriptionBody, tags, response: { 200: pixCharge } } }, async (request) => subscribe(ctx, request.caller, request.body));

    r.post("/subscription/asaaswebhook", { config: { public: true }, schema: { body: asaasWebhook, tags, response: { 200: webhookReceived } } }, async (request) => {
      if (!sameSecret(request.headers["asaas-access-token"] as string | undefined, ctx.config.asaasWebhookToken)) throw new AppError("ERR_INVALID_TOKEN", 401);
      const { event, payment } = request.body;
      return confirmAll(ctx, "asaas", payment && event && ASAAS_PAID_EVENTS.has(event) ? [payment.id] : []);
    });

    // Efí posts to the registered address with "/pix" added; the address carries the secret (?hmac=)
    const efi = async (request: FastifyRequest<{ Body: z.infer<typeof efiWebhook>; Querystring: { hmac?: string } }>) => {
      if (!sameSecret(request.query.hmac, ctx.config.efi?.webhookSecret)) throw new AppError("ERR_INVALID_TOKEN", 401);
      const txids = (request.body.pix ?? []).map((p) => p.txid).filter((id): id is string => !!id);
      return confirmAll(ctx, "efi", [...new Set(txids)]);
    };
    const efiSchema = { body: efiWebhook, querystring: z.object({ hmac: z.string().max(200).optional() }), tags, response: { 200: webhookReceived } };
    r.post("/subscription/webhook", { config: { public: true }, schema: efiSchema }, efi);
    r.post("/subscription/webhook/:type", { config: { public: true }, schema: { ...efiSchema, params: z.object({ type: z.string().max(40) }) } }, efi);
  };
}

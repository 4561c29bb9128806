import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { V, idParams } from "@balcao/common";
import type { AppContext } from "../../context";
import type { LoginLimiter } from "../auth/rateLimit";
import * as twoFactor from "./service";
import { disabled, enrolment, recoveryCodesAnswer, twoFactorPolicy, twoFactorStatus } from "./responses";

const code = z.string({ error: V.required }).trim().min(1, V.required).max(40, V.tooLong);
const codeBody = z.object({ code });
const proofBody = z.object({ code: code.optional(), password: z.string().max(200, V.tooLong).optional() });
const policyBody = z.object({ required: z.boolean() });

/** The signed-in user's authenticator, an admin's reset, and the company's and platform's requirements. */
export function twoFactorRoutes(ctx: AppContext, limiter: LoginLimiter) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ["auth"];

    r.get("/auth/2fa", { schema: { tags, response: { 200: twoFactorStatus } } }, async (request) => twoFactor.status(ctx, request.caller));

    r.post("/auth/2fa/enrol", { schema: { tags, response: { 200: enrolment } } }, async (request) => twoFactor.enrol(ctx, request.caller));

    r.post("/auth/2fa/confirm", { schema: { body: codeBody, tags, response: { 200: recoveryCodesAnswer } } }, async (request) => twoFactor.confirm(ctx, request.caller, request.body.code));

    r.post("/auth/2fa/disable", { schema: { body: proofBody, tags, response: { 200: disabled } } }, async (request) => twoFactor.disable(ctx, limiter, request.caller, request.body));

    r.post("/auth/2fa/recovery-codes", { schema: { body: proofBody, tags, response: { 200: recoveryCodesAnswer } } }, async (request) => twoFactor.renewRecoveryCodes(ctx, limiter, request.caller, request.body));

    r.delete("/users/:id/2fa", { schema: { params: idParams, tags: ["users"], response: { 200: disabled } } }, async (request) => twoFactor.reset(ctx, request.caller, request.params.id));

    r.get("/auth/2fa/policy", { schema: { tags, response: { 200: twoFactorPolicy } } }, async (request) => twoFactor.policy(ctx, request.caller));

    r.put("/auth/2fa/policy", { schema: { body: policyBody, tags, response: { 200: twoFactorPolicy } } }, async (request) => twoFactor.setCompanyPolicy(ctx, request.caller, request.body.required));

    r.put("/auth/2fa/platform-policy", { schema: { body: policyBody, tags, response: { 200: twoFactorPolicy } } }, async (request) => twoFactor.setPlatformPolicy(ctx, request.caller, request.body.required));
  };
}

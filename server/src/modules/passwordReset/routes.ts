import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { forgetPasswordParams, resetPasswordBody, resetPasswordParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { acceptedLanguage } from "../../lib/language";
import { resetPassword, sendResetCode, type PasswordResetDeps } from "./service";
import { passwordWasReset, resetCodeSent } from "./responses";

const tags = ["auth"];
const open = { public: true };

/**
 * Password reset by a mailed code (administration spec, /forgetpsw). The spec's client puts the
 * email, the code and the new password in the path; the log's request serializer hides these paths
 * (logging.ts). Our client sends them in the body.
 */
export function passwordResetRoutes(ctx: AppContext, deps: PasswordResetDeps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post("/forgetpassword/:email", { config: open, schema: { params: forgetPasswordParams, tags, response: { 200: resetCodeSent } } }, async (request) => {
      // users keep their language in the browser only: the web app sends it as Accept-Language
      await sendResetCode(ctx, deps, request.params.email, { ip: request.ip, language: acceptedLanguage(request.headers["accept-language"]) });
      return { message: "Reset code sent" };
    });

    r.post("/resetpasswords/:email/:token/:newPassword", { config: open, schema: { params: resetPasswordParams, tags, response: { 200: passwordWasReset } } }, async (request) => {
      const { email, token, newPassword } = request.params;
      await resetPassword(ctx, deps, { email, token, password: newPassword }, { ip: request.ip });
      return { message: "Password reset" };
    });

    r.post("/resetpasswords", { config: open, schema: { body: resetPasswordBody, tags, response: { 200: passwordWasReset } } }, async (request) => {
      await resetPassword(ctx, deps, request.body, { ip: request.ip });
      return { message: "Password reset" };
    });
  };
}

import crypto from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { EXTERNAL_API_MAX_FILES, EXTERNAL_API_MAX_PER_MINUTE, externalApiSendFields, externalApiTextBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { bearerToken } from "../../http/auth";
import { AppError } from "../../http/errors";
import { readForm } from "../../http/multipartForm";
import type { MediaFile } from "../../channels/contract";
import { mimeOf } from "../../media/store";
import { externalApiResponses } from "./responses";
import { connectionOfToken, sendExternal } from "./service";

export interface ExternalApiOptions {
  /** Sends per minute for one token (tests lower it). */
  maxPerMinute?: number;
}

/** JSON `{ number, body }` or multipart `number`, `body` and files in `medias`. */
async function readSend(request: FastifyRequest): Promise<{ number: string; body: string; files: MediaFile[] }> {
  if (!request.isMultipart()) return { ...externalApiTextBody.parse(request.body ?? {}), files: [] };
  const files: MediaFile[] = [];
  const fields: Record<string, string> = {};
  await readForm(request, async (parts) => {
    for await (const part of parts) {
      if (part.type === "file") {
        if (files.length >= EXTERNAL_API_MAX_FILES) throw new AppError("ERR_VALIDATION", 400, { field: "medias", message: "medias: Too many files" });
        // the media store turns the name into a safe one (spaces → underscores)
        files.push({ data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype || mimeOf(part.filename) });
      } else if (part.fieldname === "number" || part.fieldname === "body") fields[part.fieldname] = String(part.value ?? "");
    }
  });
  const parsed = externalApiSendFields.parse(fields);
  if (!parsed.body.trim() && files.length === 0) throw new AppError("ERR_VALIDATION", 400, { field: "body", message: "body: Required" });
  return { ...parsed, files };
}

/** The external messages API: other systems send WhatsApp messages with a connection's token. */
export function externalApiRoutes(ctx: AppContext, options: ExternalApiOptions = {}) {
  const max = options.maxPerMinute ?? EXTERNAL_API_MAX_PER_MINUTE;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      "/api/messages/send",
      {
        bodyLimit: 100 * 1024 * 1024,
        config: {
          public: true,
          rateLimit: {
            max,
            windowSeconds: 60,
            // per token (hashed: the limiter's store never holds the secret), per address without one
            keyOf: (request) => {
              const token = bearerToken(request);
              return token ? `extapi:${crypto.createHash("sha256").update(token).digest("hex")}` : `extapi-ip:${request.ip}`;
            },
          },
        },
        // public to the users' auth hook, yet it asks for a connection's token (checked below)
        schema: { tags: ["external api"], summary: "Send a WhatsApp message with a connection's token", security: [{ bearerAuth: [] }], response: externalApiResponses.sent },
      },
      async (request) => {
        const whatsapp = await connectionOfToken(ctx, bearerToken(request));
        const input = await readSend(request);
        return sendExternal(ctx, whatsapp, input);
      },
    );
  };
}

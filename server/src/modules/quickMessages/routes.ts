import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, quickMessageBody, quickMessagesListQuery, quickMessagesQuery, quickMessageUpdateBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { mimeOf } from "../../media/store";
import { attachQuickMessageMedia, detachQuickMessageMedia, readQuickMessageMedia, readUploadedFile } from "./media";
import { presentQuickMessageRecord } from "./present";
import * as quickMessagesService from "./service";
import { quickMessageDeleted, quickMessageMedia, quickMessageMediaAnswer, quickMessageRecord, quickMessagesForComposer, quickMessagesPage } from "./responses";

const tags = ["quick-messages"];

/**
 * Quick replies (administration §2, §7): everyone sees their own and the company's shared
 * ones; only the owner or an admin changes one. companyId and userId sent by the client are
 * ignored: the caller's own are used.
 */
export function quickMessageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/quick-messages/list", { schema: { querystring: quickMessagesListQuery, tags, response: { 200: quickMessagesForComposer } } }, async (request) =>
      quickMessagesService.listQuickMessagesFor(ctx.db, request.caller),
    );

    r.get("/quick-messages", { schema: { querystring: quickMessagesQuery, tags, response: { 200: quickMessagesPage } } }, async (request) => quickMessagesService.listQuickMessages(ctx.db, request.caller, request.query));

    r.get("/quick-messages/:id", { schema: { params: idParams, tags, response: { 200: quickMessageRecord } } }, async (request) =>
      presentQuickMessageRecord(await quickMessagesService.findVisibleQuickMessage(ctx.db, request.caller, request.params.id)),
    );

    r.post("/quick-messages", { schema: { body: quickMessageBody, tags, response: { 201: quickMessageRecord } } }, async (request, reply) =>
      reply.status(201).send(await quickMessagesService.createQuickMessage(ctx, request.caller, request.body)),
    );

    r.put("/quick-messages/:id", { schema: { params: idParams, body: quickMessageUpdateBody, tags, response: { 200: quickMessageRecord } } }, async (request) =>
      quickMessagesService.updateQuickMessage(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/quick-messages/:id", { schema: { params: idParams, tags, response: { 200: quickMessageDeleted } } }, async (request) => {
      await quickMessagesService.deleteQuickMessage(ctx, request.caller, request.params.id);
      return { message: "Quick message deleted" };
    });

    r.post("/quick-messages/:id/media-upload", { bodyLimit: 70 * 1024 * 1024, schema: { params: idParams, tags, response: { 200: quickMessageMediaAnswer } } }, async (request) => {
      // the record is checked before the upload is read: a stranger's file never reaches the disk
      await quickMessagesService.findEditableQuickMessage(ctx.db, request.caller, request.params.id);
      const file = await readUploadedFile(request);
      return { mensagem: "Arquivo Anexado", record: await attachQuickMessageMedia(ctx, request.caller, request.params.id, file) };
    });

    r.delete("/quick-messages/:id/media-upload", { schema: { params: idParams, tags, response: { 200: quickMessageMediaAnswer } } }, async (request) => ({
      mensagem: "Arquivo Excluído",
      record: await detachQuickMessageMedia(ctx, request.caller, request.params.id),
    }));

    r.get("/media/quick-messages/:id", { schema: { params: idParams, tags, response: { 200: quickMessageMedia } } }, async (request, reply) => {
      const media = await readQuickMessageMedia(ctx, request.caller, request.params.id);
      if (media.file.size !== undefined) reply.header("content-length", media.file.size);
      return reply.header("content-type", mimeOf(media.name)).header("content-disposition", `inline; filename="${media.name}"`).header("cache-control", "private, no-store").send(media.file.stream);
    });
  };
}

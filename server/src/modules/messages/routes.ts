import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_ID, idParam, idParams, messageReactionBody, pageNumberField, sendMessageBody, ticketIdParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { readForm } from "../../http/multipartForm";
import type { MediaFile } from "../../channels/contract";
import { mimeOf } from "../../media/store";
import { jsonText } from "../../http/responses/shapes";
import { messageResponses } from "./responses";
import { loadAccessibleTicket } from "../tickets/service";
import { presentTicket } from "../tickets/present";
import { deleteMessage, listMessages, readMedia, retryMessage } from "./service";
import { sendOutbound } from "./send";
import { reactToMessage } from "../../automation/reactions";
import { assertMaySend } from "../companies/sendingAllowed";
import type { TemplateSendBody } from "@balcao/common";
import { serviceWindowOf } from "../tickets/serviceWindow";
import { sendTemplate } from "./templates";

const SEND_DESCRIPTION =
  "JSON `{ body, quotedMsg }` or multipart with `body` and files in `medias`. On a Cloud API ticket whose 24-hour customer-service window " +
  "is closed (see the ticket's `serviceWindowEndsAt`), free text and files are refused with 400 ERR_SERVICE_WINDOW_CLOSED (field `body`). " +
  "JSON `{ template: { name, language, variables?, headerVariables?, headerMediaUrl?, buttonVariables? } }` sends an APPROVED message template of the " +
  "ticket's connection (GET /whatsapp/:id/templates), inside or outside the window: `variables` fill the body's {{1}}, {{2}}… in order, " +
  "`headerVariables` a text header's, `headerMediaUrl` an image, video or document header, `buttonVariables` the {{1}} ending each dynamic URL button's link, in the buttons' order. The stored message's body is the filled text. " +
  "An unknown template answers 400 ERR_TEMPLATE_NOT_FOUND, one not approved 400 ERR_TEMPLATE_NOT_APPROVED (field `template`).";

const MAX_FILES = 10;

/** JSON `{ body, quotedMsg }` or multipart with `body` and files in `medias`. */
async function readOutgoing(request: FastifyRequest): Promise<{ body: string; quotedMsgId: number | null; files: MediaFile[]; template?: TemplateSendBody }> {
  if (!request.isMultipart()) {
    const parsed = sendMessageBody.parse(request.body ?? {});
    return { body: parsed.body, quotedMsgId: parsed.quotedMsg?.id ?? null, files: [], template: parsed.template };
  }
  return readForm(request, async (parts) => {
    const files: MediaFile[] = [];
    let body = "";
    let quotedMsgId: number | null = null;
    for await (const part of parts) {
      if (part.type === "file") {
        if (files.length >= MAX_FILES) throw new AppError("ERR_VALIDATION", 400, { field: "medias", message: "medias: Too many files" });
        files.push({ data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype || mimeOf(part.filename) });
      } else if (part.fieldname === "body") body = String(part.value ?? "");
      else if (part.fieldname === "quotedMsgId" && Number.isInteger(Number(part.value)) && Number(part.value) > 0 && Number(part.value) <= MAX_ID) quotedMsgId = Number(part.value);
    }
    return { body, quotedMsgId, files };
  });
}

export function messageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/messages/:ticketId", { schema: { params: ticketIdParams, querystring: z.object({ pageNumber: pageNumberField }), tags: ["messages"], response: messageResponses.page } }, async (request, reply) =>
      reply.type("application/json; charset=utf-8").send(jsonText(messageResponses.page[200], await listMessages(ctx, request.caller, request.params.ticketId, request.query.pageNumber))),
    );

    r.post("/messages/:ticketId", { bodyLimit: 100 * 1024 * 1024, schema: { params: ticketIdParams, tags: ["messages"], description: SEND_DESCRIPTION, response: messageResponses.sent } }, async (request) => {
      const ticketRow = await loadAccessibleTicket(ctx, request.caller, request.params.ticketId);
      await assertMaySend(ctx.db, request.caller.companyId);
      const out = await readOutgoing(request);
      if (ticketRow.status !== "open") throw new AppError("ERR_VALIDATION", 400, { field: "ticketId", message: "ticketId: the ticket is not open" });
      const ticket = await presentTicket(ctx.db, ticketRow);
      if (out.template) {
        await sendTemplate(ctx, ticket, out.template, request.caller.id);
        return {};
      }
      if (!out.body.trim() && out.files.length === 0) throw new AppError("ERR_VALIDATION", 400, { field: "body", message: "body: Required" });
      // outside the 24-hour window, Meta delivers only templates
      if (!(await serviceWindowOf(ctx, ctx.db, ticket)).open)
        throw new AppError("ERR_SERVICE_WINDOW_CLOSED", 400, { field: "body", message: "body: the 24-hour customer-service window is closed; send a message template" });
      if (out.files.length === 0) {
        await sendOutbound(ctx, ticket, { body: out.body, quotedMsgId: out.quotedMsgId, userId: request.caller.id });
      } else {
        // the caption goes with the first file, as WhatsApp shows it
        for (const [i, file] of out.files.entries()) {
          await sendOutbound(ctx, ticket, { body: i === 0 ? out.body : "", media: file, quotedMsgId: i === 0 ? out.quotedMsgId : null, userId: request.caller.id });
        }
      }
      return {};
    });

    r.delete("/messages/:id", { schema: { params: idParams, tags: ["messages"], response: messageResponses.deleted } }, async (request) => {
      await deleteMessage(ctx, request.caller, request.params.id);
      return { message: "message deleted" };
    });

    // an attendant reacts to a message; "" takes their reaction back
    r.post("/messages/:messageId/reaction", { schema: { params: z.object({ messageId: idParam }), body: messageReactionBody, tags: ["messages"], response: messageResponses.reacted } }, async (request) =>
      reactToMessage(ctx, request.caller, request.params.messageId, request.body.emoji),
    );

    r.post("/messages/:id/retry", { schema: { params: idParams, tags: ["messages"], response: messageResponses.retried } }, async (request) => retryMessage(ctx, request.caller, request.params.id));

    r.get("/media/messages/:id", { schema: { params: idParams, tags: ["messages"], response: messageResponses.media } }, async (request, reply) => {
      const media = await readMedia(ctx, request.caller, request.params.id);
      if (media.file.size !== undefined) reply.header("content-length", media.file.size);
      return reply.header("content-type", mimeOf(media.name)).header("content-disposition", `inline; filename="${media.name}"`).header("cache-control", "private, no-store").send(media.file.stream);
    });
  };
}

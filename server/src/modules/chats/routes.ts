import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { chatBody, chatMessagesQuery, chatParams, chatReadBody, chatsQuery, idParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { mimeOf } from "../../media/store";
import { requirePlanFlag } from "../../policies/plan";
import { CHAT_MESSAGE_BODY_LIMIT, readChatMedia, readChatMessageInput } from "./media";
import { listChatMessages, markChatRead, sendChatMessage } from "./messages";
import * as chatsService from "./service";
import * as answers from "./responses";

const tags = ["chats"];

/**
 * Internal chat (administration §2, §7): conversations among users of one company, plan flag
 * useInternalChat. Only members see a chat (anyone else gets 404 ERR_NO_CHAT_FOUND); only its
 * owner edits or deletes it (403 for other members). `:id` is the chat's id or its uuid.
 */
export function chatRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // before validation: a company without the feature is refused whatever it sends
    app.addHook("preValidation", async (request) => requirePlanFlag(ctx.db, request.caller.companyId, "useInternalChat"));

    r.get("/chats", { schema: { querystring: chatsQuery, tags, response: { 200: answers.chatsPage } } }, async (request) => chatsService.listChats(ctx.db, request.caller, request.query));

    r.get("/chats/:id", { schema: { params: chatParams, tags, response: { 200: answers.chatAnswer } } }, async (request) => chatsService.showChat(ctx.db, request.caller, request.params.id));

    r.post("/chats", { schema: { body: chatBody, tags, response: { 201: answers.chatAnswer } } }, async (request, reply) => reply.status(201).send(await chatsService.createChat(ctx, request.caller, request.body)));

    r.put("/chats/:id", { schema: { params: chatParams, body: chatBody, tags, response: { 200: answers.chatAnswer } } }, async (request) => chatsService.updateChat(ctx, request.caller, request.params.id, request.body));

    r.delete("/chats/:id", { schema: { params: chatParams, tags, response: { 200: answers.chatDeleted } } }, async (request) => {
      await chatsService.deleteChat(ctx, request.caller, request.params.id);
      return { message: "Chat deleted" };
    });

    r.get("/chats/:id/messages", { schema: { params: chatParams, querystring: chatMessagesQuery, tags, response: { 200: answers.chatMessagesPage } } }, async (request) =>
      listChatMessages(ctx.db, request.caller, request.params.id, request.query.pageNumber),
    );

    /** JSON `{ message }` or multipart `message` and one file in `medias`. */
    r.post(
      "/chats/:id/messages",
      { bodyLimit: CHAT_MESSAGE_BODY_LIMIT, schema: { params: chatParams, tags, consumes: ["application/json", "multipart/form-data"], response: { 201: answers.chatMessageAnswer } } },
      async (request, reply) => {
        // the chat is checked before the upload is read: a stranger's file never reaches the store
        await chatsService.findChat(ctx.db, request.caller, request.params.id);
        const input = await readChatMessageInput(ctx, request.caller, request);
        return reply.status(201).send(await sendChatMessage(ctx, request.caller, request.params.id, input));
      },
    );

    r.post("/chats/:id/read", { schema: { params: chatParams, body: chatReadBody, tags, response: { 200: answers.chatAnswer } } }, async (request) => markChatRead(ctx, request.caller, request.params.id));

    r.get("/media/chat-messages/:id", { schema: { params: idParams, tags, response: { 200: answers.chatMedia } } }, async (request, reply) => {
      const media = await readChatMedia(ctx, request.caller, request.params.id);
      if (media.file.size !== undefined) reply.header("content-length", media.file.size);
      return reply.header("content-type", mimeOf(media.name)).header("content-disposition", `inline; filename="${media.name}"`).header("cache-control", "private, no-store").send(media.file.stream);
    });
  };
}

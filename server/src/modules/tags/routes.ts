import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createTagBody, syncTagsBody } from "@balcao/common";
import type { AppContext } from "../../context";
import * as tagsService from "./service";

export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/tags/list", { schema: { tags: ["tags"] } }, async (request) => tagsService.listTags(ctx.db, request.caller));

    r.post("/tags", { schema: { body: createTagBody, tags: ["tags"] } }, async (request, reply) => {
      const tag = await tagsService.createTag(ctx.db, request.caller, request.body);
      return reply.status(201).send(tag);
    });

    r.post("/tags/sync", { schema: { body: syncTagsBody, tags: ["tags"] } }, async (request) =>
      tagsService.syncTicketTags(ctx, request.caller, request.body),
    );
  };
}

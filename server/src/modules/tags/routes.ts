import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createTagBody, idParams, listQuery, syncTagsBody, updateTagBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { tagResponses } from "./responses";
import * as tagsService from "./service";
import * as manage from "./manage";

export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The tags page (searchParam, pageNumber) and the original's `GET /tags` with companyId: both read `tags`.
    r.get("/tags", { schema: { querystring: listQuery, tags: ["tags"], response: tagResponses.page } }, async (request) => manage.listTagsPage(ctx.db, request.caller, request.query));

    r.get("/tags/list", { schema: { tags: ["tags"], response: tagResponses.list } }, async (request) => tagsService.listTags(ctx.db, request.caller));

    // GET /tags/kanban (the board's lanes, behind the plan's kanban flag) lives in modules/kanban.

    r.get("/tags/:id", { schema: { params: idParams, tags: ["tags"], response: tagResponses.one } }, async (request) => manage.showTag(ctx.db, request.caller, request.params.id));

    r.post("/tags", { schema: { body: createTagBody, tags: ["tags"], response: tagResponses.created } }, async (request, reply) => {
      const tag = await tagsService.createTag(ctx, request.caller, request.body);
      return reply.status(201).send(tag);
    });

    r.put("/tags/:id", { schema: { params: idParams, body: updateTagBody, tags: ["tags"], response: tagResponses.one } }, async (request) => manage.updateTag(ctx, request.caller, request.params.id, request.body));

    r.delete("/tags/:id", { schema: { params: idParams, tags: ["tags"], response: tagResponses.deleted } }, async (request) => {
      await manage.deleteTag(ctx, request.caller, request.params.id);
      return { message: "Tag deleted" };
    });

    r.post("/tags/sync", { schema: { body: syncTagsBody, tags: ["tags"], response: tagResponses.synced } }, async (request) => tagsService.syncTicketTags(ctx, request.caller, request.body));
  };
}

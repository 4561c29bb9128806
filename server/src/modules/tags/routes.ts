import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createTagBody, idParams, listQuery, syncTagsBody, updateTagBody } from "@balcao/common";
import type { AppContext } from "../../context";
import * as tagsService from "./service";
import * as manage from "./manage";

export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The tags page (searchParam, pageNumber) and the original's `GET /tags` with companyId: both read `tags`.
    r.get("/tags", { schema: { querystring: listQuery, tags: ["tags"] } }, async (request) => manage.listTagsPage(ctx.db, request.caller, request.query));

    r.get("/tags/list", { schema: { tags: ["tags"] } }, async (request) => tagsService.listTags(ctx.db, request.caller));

    // GET /tags/kanban (the board's lanes, behind the plan's kanban flag) lives in modules/kanban.

    r.get("/tags/:id", { schema: { params: idParams, tags: ["tags"] } }, async (request) => manage.showTag(ctx.db, request.caller, request.params.id));

    r.post("/tags", { schema: { body: createTagBody, tags: ["tags"] } }, async (request, reply) => {
      const tag = await tagsService.createTag(ctx, request.caller, request.body);
      return reply.status(201).send(tag);
    });

    r.put("/tags/:id", { schema: { params: idParams, body: updateTagBody, tags: ["tags"] } }, async (request) =>
      manage.updateTag(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/tags/:id", { schema: { params: idParams, tags: ["tags"] } }, async (request) => {
      await manage.deleteTag(ctx, request.caller, request.params.id);
      return { message: "Tag deleted" };
    });

    r.post("/tags/sync", { schema: { body: syncTagsBody, tags: ["tags"] } }, async (request) =>
      tagsService.syncTicketTags(ctx, request.caller, request.body),
    );
  };
}

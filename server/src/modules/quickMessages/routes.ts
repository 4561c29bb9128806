import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { quickMessagesListQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import * as quickMessagesService from "./service";

export function quickMessageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // companyId and userId of the query are ignored: the caller's own are used.
    r.get("/quick-messages/list", { schema: { querystring: quickMessagesListQuery, tags: ["quick-messages"] } }, async (request) =>
      quickMessagesService.listQuickMessagesFor(ctx.db, request.caller),
    );
  };
}

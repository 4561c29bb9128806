import type { FastifyInstance } from "fastify";
import { APP_VERSION } from "@balcao/common";
import type { AppContext } from "../../context";

export function systemRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get("/version", { config: { public: true }, schema: { tags: ["system"] } }, async () => ({ version: APP_VERSION }));

    app.get("/healthz", { config: { public: true }, schema: { tags: ["system"] } }, async (_request, reply) => {
      const database = await ctx.database
        .query("select 1 as ok")
        .then(() => "ok" as const)
        .catch(() => "down" as const);
      const body = { status: database === "ok" ? "ok" : "degraded", database, databaseKind: ctx.database.kind };
      return reply.status(database === "ok" ? 200 : 503).send(body);
    });
  };
}

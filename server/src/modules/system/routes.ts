import type { FastifyInstance } from "fastify";
import { APP_VERSION } from "@balcao/common";
import type { AppContext } from "../../context";

export function systemRoutes(_ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get("/version", { config: { public: true }, schema: { tags: ["system"] } }, async () => ({ version: APP_VERSION }));
  };
}

import type { FastifyInstance } from "fastify";
import { APP_VERSION } from "@balcao/common";
import type { AppContext } from "../../context";
import { versionAnswer } from "./responses";

export function systemRoutes(_ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get("/version", { config: { public: true }, schema: { tags: ["system"], response: { 200: versionAnswer } } }, async () => ({ version: APP_VERSION }));
  };
}

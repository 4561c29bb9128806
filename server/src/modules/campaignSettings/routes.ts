import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { campaignSettingsBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { requireCampaigns } from "../../policies/campaigns";
import { listCampaignSettings, saveCampaignSettings } from "./service";

export function campaignSettingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook("preValidation", async (request) => requireCampaigns(ctx.db, request.caller));

    r.get("/campaign-settings", { schema: { tags: ["campaigns"] } }, async (request) => listCampaignSettings(ctx.db, request.caller.companyId));

    r.post("/campaign-settings", { schema: { body: campaignSettingsBody, tags: ["campaigns"] } }, async (request) =>
      saveCampaignSettings(ctx, request.caller, request.body.settings),
    );
  };
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { campaignSettingsBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { requireCampaigns } from "../../policies/campaigns";
import { listCampaignSettings, saveCampaignSettings } from "./service";
import { campaignSettingList } from "./responses";

export function campaignSettingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook("preValidation", async (request) => requireCampaigns(ctx.db, request.caller));

    r.get("/campaign-settings", { schema: { tags: ["campaigns"], response: { 200: campaignSettingList } } }, async (request) => listCampaignSettings(ctx.db, request.caller.companyId));

    r.post("/campaign-settings", { schema: { body: campaignSettingsBody, tags: ["campaigns"], response: { 200: campaignSettingList } } }, async (request) =>
      saveCampaignSettings(ctx, request.caller, request.body.settings),
    );
  };
}

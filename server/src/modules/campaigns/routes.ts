import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { campaignBody, campaignsQuery, idParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { requireCampaigns } from "../../policies/campaigns";
import { readUploadedFile } from "../quickMessages/media";
import { attachCampaignMedia, detachCampaignMedia } from "./media";
import * as service from "./service";
import * as answers from "./responses";

const tags = ["campaigns"];

/**
 * Campaigns (administration §2, §4, §7): for the company's admins while it has campaigns.
 * companyId and status sent by the client are ignored: the caller's company and the server's status are used.
 */
export function campaignRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook("preValidation", async (request) => requireCampaigns(ctx.db, request.caller));

    r.get("/campaigns", { schema: { querystring: campaignsQuery, tags, response: { 200: answers.campaignsPage } } }, async (request) => service.listCampaignsPage(ctx.db, request.caller, request.query));

    r.get("/campaigns/:id", { schema: { params: idParams, tags, response: { 200: answers.campaignDetail } } }, async (request) => service.showCampaign(ctx.db, request.caller, request.params.id));

    r.post("/campaigns", { schema: { body: campaignBody, tags, response: { 201: answers.campaignAnswer } } }, async (request, reply) =>
      reply.status(201).send(await service.createCampaign(ctx, request.caller, request.body)),
    );

    r.put("/campaigns/:id", { schema: { params: idParams, body: campaignBody, tags, response: { 200: answers.campaignAnswer } } }, async (request) =>
      service.updateCampaign(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/campaigns/:id", { schema: { params: idParams, tags, response: { 200: answers.campaignDeleted } } }, async (request) => {
      await service.deleteCampaign(ctx, request.caller, request.params.id);
      return { message: "Campaign deleted" };
    });

    r.post("/campaigns/:id/cancel", { schema: { params: idParams, tags, response: { 200: answers.campaignAnswer } } }, async (request) => service.cancelCampaign(ctx, request.caller, request.params.id));

    r.post("/campaigns/:id/restart", { schema: { params: idParams, tags, response: { 200: answers.campaignAnswer } } }, async (request) => service.restartCampaign(ctx, request.caller, request.params.id));

    r.post("/campaigns/:id/media-upload", { bodyLimit: 70 * 1024 * 1024, schema: { params: idParams, tags, consumes: ["multipart/form-data"], response: { 200: answers.campaignMediaAnswer } } }, async (request) => {
      // the campaign is checked before the upload is read: a stranger's file never reaches the disk
      await service.findCampaign(ctx.db, request.caller.companyId, request.params.id);
      const file = await readUploadedFile(request);
      return { mensagem: "Arquivo Anexado", record: await attachCampaignMedia(ctx, request.caller, request.params.id, file) };
    });

    r.delete("/campaigns/:id/media-upload", { schema: { params: idParams, tags, response: { 200: answers.campaignMediaAnswer } } }, async (request) => ({
      mensagem: "Arquivo Excluído",
      record: await detachCampaignMedia(ctx, request.caller, request.params.id),
    }));
  };
}

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { can, idParams, whatsappBody, whatsappUpdateBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { presentWhatsapp, presentWhatsapps } from "./present";
import { whatsappResponses } from "./responses";
import { createWhatsapp, deleteWhatsapp, findWhatsapp, listWhatsapps, updateWhatsapp } from "./service";
import { listTemplates, resyncTemplates } from "./templates";

export function whatsappRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/whatsapp", { schema: { tags: ["whatsapp"], response: whatsappResponses.list } }, async (request) => {
      const rows = await listWhatsapps(ctx.db, request.caller.companyId);
      return presentWhatsapps(ctx.db, rows, { showToken: can(request.caller.profile, "connections-page:editOrDeleteConnection") });
    });

    r.get("/whatsapp/:id", { schema: { params: idParams, tags: ["whatsapp"], response: whatsappResponses.one } }, async (request) => {
      const row = await findWhatsapp(ctx.db, request.caller.companyId, request.params.id);
      return presentWhatsapp(ctx.db, row, { showToken: can(request.caller.profile, "connections-page:editOrDeleteConnection") });
    });

    r.post("/whatsapp", { schema: { body: whatsappBody, tags: ["whatsapp"], response: whatsappResponses.created } }, async (request, reply) => {
      authorize(request.caller, "connections-page:addConnection");
      return reply.status(201).send(await createWhatsapp(ctx, request.caller, request.body));
    });

    r.put("/whatsapp/:id", { schema: { params: idParams, body: whatsappUpdateBody, tags: ["whatsapp"], response: whatsappResponses.one } }, async (request) => {
      authorize(request.caller, "connections-page:editOrDeleteConnection");
      return updateWhatsapp(ctx, request.caller, request.params.id, request.body);
    });

    r.delete("/whatsapp/:id", { schema: { params: idParams, tags: ["whatsapp"], response: whatsappResponses.acknowledged } }, async (request) => {
      authorize(request.caller, "connections-page:editOrDeleteConnection");
      await deleteWhatsapp(ctx, request.caller, request.params.id);
      return { message: "Whatsapp deleted." };
    });

    // Cloud API message templates: as last read from Graph, and read again on demand
    r.get("/whatsapp/:id/templates", { schema: { params: idParams, tags: ["whatsapp"], response: whatsappResponses.templates } }, async (request) => listTemplates(ctx.db, request.caller.companyId, request.params.id));
    r.post("/whatsapp/:id/templates/sync", { schema: { params: idParams, tags: ["whatsapp"], response: whatsappResponses.templates } }, async (request) => {
      authorize(request.caller, "connections-page:actionButtons");
      return resyncTemplates(ctx, request.caller.companyId, request.params.id);
    });

    // Session: start (POST), new QR (PUT), disconnect (DELETE).
    const session = (action: "connect" | "disconnect") => async (request: { caller: Parameters<typeof authorize>[0]; params: { id: number } }) => {
      authorize(request.caller, "connections-page:actionButtons");
      const row = await findWhatsapp(ctx.db, request.caller.companyId, request.params.id);
      const adapter = ctx.channels.adapterFor(row);
      await (action === "connect" ? adapter.connect() : adapter.disconnect());
      return { message: action === "connect" ? "Starting session." : "Session disconnected." };
    };
    r.post("/whatsappsession/:id", { schema: { params: idParams, tags: ["whatsapp"], response: whatsappResponses.acknowledged } }, session("connect"));
    r.put("/whatsappsession/:id", { schema: { params: idParams, tags: ["whatsapp"], response: whatsappResponses.acknowledged } }, session("connect"));
    r.delete("/whatsappsession/:id", { schema: { params: idParams, tags: ["whatsapp"], response: whatsappResponses.acknowledged } }, session("disconnect"));
  };
}

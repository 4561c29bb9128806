import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactExportQuery, contactsListQuery, contactsQuery, createContactBody, idParams, updateContactBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { contactResponses } from "./responses";
import * as contactsService from "./service";
import { exportContacts } from "./export";
import { importContacts } from "./import";
import { IMPORT_BODY_LIMIT, readUploadedSpreadsheet } from "./upload";

export function contactRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/contacts", { schema: { querystring: contactsQuery, tags: ["contacts"], response: contactResponses.page } }, async (request) => contactsService.listContacts(ctx.db, request.caller, request.query));

    r.get("/contacts/list", { schema: { querystring: contactsListQuery, tags: ["contacts"], response: contactResponses.options } }, async (request) =>
      contactsService.listContactOptions(ctx.db, request.caller, request.query),
    );

    r.get("/contacts/export", { schema: { querystring: contactExportQuery, tags: ["contacts"], response: contactResponses.export } }, async (request, reply) => {
      const file = await exportContacts(ctx, request.caller, request.query.format);
      return reply.header("content-type", file.contentType).header("content-disposition", `attachment; filename="${file.filename}"`).header("cache-control", "private, no-store").send(file.data);
    });

    /** Multipart with the spreadsheet in `file` (.xlsx, .xls or .csv). */
    r.post("/contacts/import", { bodyLimit: IMPORT_BODY_LIMIT, schema: { tags: ["contacts"], consumes: ["multipart/form-data"], response: contactResponses.import } }, async (request) =>
      importContacts(ctx, request.caller, await readUploadedSpreadsheet(request)),
    );

    r.get("/contacts/:id", { schema: { params: idParams, tags: ["contacts"], response: contactResponses.one } }, async (request) => contactsService.showContact(ctx.db, request.caller, request.params.id));

    r.post("/contacts", { schema: { body: createContactBody, tags: ["contacts"], response: contactResponses.created } }, async (request, reply) => {
      const contact = await contactsService.createContact(ctx, request.caller, request.body);
      return reply.status(201).send(contact);
    });

    r.put("/contacts/:id", { schema: { params: idParams, body: updateContactBody, tags: ["contacts"], response: contactResponses.one } }, async (request) =>
      contactsService.updateContact(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/contacts/:id", { schema: { params: idParams, tags: ["contacts"], response: contactResponses.deleted } }, async (request) => contactsService.deleteContact(ctx, request.caller, request.params.id));
  };
}

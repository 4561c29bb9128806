import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  contactListBody,
  contactListExampleQuery,
  contactListItemsQuery,
  contactListOptionsQuery,
  contactListsQuery,
  contactListUploadQuery,
  createContactListItemBody,
  idParams,
  updateContactListItemBody,
} from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { campaignsOn } from "../../policies/campaigns";
import { forbidden } from "../../http/errors";
import { IMPORT_BODY_LIMIT, readUploadedSpreadsheet } from "../contacts/upload";
import * as lists from "./service";
import * as items from "./items";
import { importContactListItems } from "./import";
import { exampleSpreadsheet } from "./example";
import * as answers from "./responses";

const tags = ["contact-lists"];

/**
 * Contact lists and their contacts (administration §2, §7): campaign audiences, for the roles that
 * manage them (admins and supervisors) of companies with campaigns. companyId sent by the client is
 * ignored: the caller's is used.
 */
export function contactListRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // like every campaign area: only while the company has campaigns (its setting or its plan)
    app.addHook("preHandler", async (request) => {
      authorize(request.caller, "contact-lists:manage");
      if (!(await campaignsOn(ctx.db, request.caller.companyId))) throw forbidden();
    });

    r.get("/contact-lists", { schema: { querystring: contactListsQuery, tags, response: { 200: answers.contactListsPage } } }, async (request) => lists.listContactListsPage(ctx.db, request.caller, request.query));

    r.get("/contact-lists/list", { schema: { querystring: contactListOptionsQuery, tags, response: { 200: answers.contactListOptions } } }, async (request) =>
      lists.listContactListOptions(ctx.db, request.caller, request.query.searchParam),
    );

    r.get("/contact-lists/example", { schema: { querystring: contactListExampleQuery, tags, response: { 200: answers.exampleSpreadsheet } } }, async (request, reply) => {
      const file = await exampleSpreadsheet(request.query.lang);
      return reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "private, no-store")
        .send(file.data);
    });

    r.get("/contact-lists/:id", { schema: { params: idParams, tags, response: { 200: answers.contactListAnswer } } }, async (request) => lists.showContactList(ctx.db, request.caller, request.params.id));

    r.post("/contact-lists", { schema: { body: contactListBody, tags, response: { 201: answers.contactListAnswer } } }, async (request, reply) =>
      reply.status(201).send(await lists.createContactList(ctx, request.caller, request.body)),
    );

    r.put("/contact-lists/:id", { schema: { params: idParams, body: contactListBody, tags, response: { 200: answers.contactListAnswer } } }, async (request) =>
      lists.updateContactList(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/contact-lists/:id", { schema: { params: idParams, tags, response: { 200: answers.contactListDeleted } } }, async (request) => {
      await lists.deleteContactList(ctx, request.caller, request.params.id);
      return { message: "Contact list deleted" };
    });

    /** Multipart with the spreadsheet in `file` (.xlsx, .xls or .csv); importId (query) tags the progress events. */
    r.post(
      "/contact-lists/:id/upload",
      { bodyLimit: IMPORT_BODY_LIMIT, schema: { params: idParams, querystring: contactListUploadQuery, tags, consumes: ["multipart/form-data"], response: { 200: answers.contactListImportAnswer } } },
      async (request) => {
        // the list is checked before the upload is read: a stranger's import never gets parsed
        const list = await lists.findContactList(ctx.db, request.caller.companyId, request.params.id);
        const file = await readUploadedSpreadsheet(request);
        return importContactListItems(ctx, request.caller, list.id, file, request.query.importId ?? null);
      },
    );

    r.get("/contact-list-items", { schema: { querystring: contactListItemsQuery, tags, response: { 200: answers.contactListItemsPage } } }, async (request) =>
      items.listContactListItemsPage(ctx.db, request.caller, request.query),
    );

    r.get("/contact-list-items/:id", { schema: { params: idParams, tags, response: { 200: answers.contactListItemAnswer } } }, async (request) => items.showContactListItem(ctx.db, request.caller, request.params.id));

    r.post("/contact-list-items", { schema: { body: createContactListItemBody, tags, response: { 201: answers.contactListItemAnswer } } }, async (request, reply) =>
      reply.status(201).send(await items.createContactListItem(ctx, request.caller, request.body)),
    );

    r.put("/contact-list-items/:id", { schema: { params: idParams, body: updateContactListItemBody, tags, response: { 200: answers.contactListItemAnswer } } }, async (request) =>
      items.updateContactListItem(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/contact-list-items/:id", { schema: { params: idParams, tags, response: { 200: answers.contactListItemDeleted } } }, async (request) => {
      await items.deleteContactListItem(ctx, request.caller, request.params.id);
      return { message: "Contact deleted" };
    });
  };
}

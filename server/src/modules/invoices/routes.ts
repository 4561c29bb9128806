import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, listQuery, type ListQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { authorize } from "../../policies";
import { makeDueInvoices } from "../../automation/makeDueInvoices";
import { findInvoice, listInvoices } from "./list";
import { presentInvoice } from "./present";
import { invoiceAnswer, invoiceList } from "./responses";

const tags = ["invoices"];
// a company's invoices are its admins' business (the Faturas page sits among the admin items)
const adminsOnly = { preValidation: async (request: FastifyRequest) => authorize(request.caller, "drawer-admin-items:view") };

/** Invoices of the caller's company: `GET /invoices/all` (the Faturas page), `/invoices`, `/invoices/:id`. */
export function invoiceRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const list = { ...adminsOnly, schema: { querystring: listQuery, tags, response: { 200: invoiceList } } };
    const listed = async (caller: Caller, query: ListQuery) => {
      // an invoice due is made by the job or when its company looks, whichever comes first
      if (query.pageNumber === 1) await makeDueInvoices(ctx, new Date(), caller.companyId);
      return listInvoices(ctx.db, caller, query);
    };
    r.get("/invoices/all", list, async (request) => listed(request.caller, request.query));
    r.get("/invoices", list, async (request) => listed(request.caller, request.query));
    r.get("/invoices/:id", { ...adminsOnly, schema: { params: idParams, tags, response: { 200: invoiceAnswer } } }, async (request) => presentInvoice(await findInvoice(ctx.db, request.caller, request.params.id)));
  };
}

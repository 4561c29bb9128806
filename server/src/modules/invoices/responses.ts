import { z } from "zod";
import { id, object } from "../../http/responses/shapes";

/** An invoice as the Faturas page reads it: never the provider's ids. */
export const invoiceAnswer = object({
  id,
  companyId: id,
  detail: z.string().meta({ description: "The plan's name when the invoice was made." }),
  value: z.number(),
  dueDate: z.string().meta({ description: "The due date it renews (YYYY-MM-DD)." }),
  status: z.string().meta({ description: '"paid" once a provider confirmed it, "open" until then.' }),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
}).meta({ description: "An invoice of the caller's company." });

export const invoiceList = z.array(invoiceAnswer).meta({ description: "A page of the company's invoices, newest due date first." });

import { z } from "zod";
import { id, object } from "../../http/responses/shapes";

const count = z.number().int();
/** Minutes or a rating, with two decimals; 0 when there is no data. */
const figure = z.number();

export const dashboardResponses = {
  figures: {
    200: object({
      counters: object({
        supportHappening: count,
        supportPending: count,
        supportFinished: count,
        leads: count,
        avgSupportTime: figure.meta({ description: "Minutes." }),
        avgWaitTime: figure.meta({ description: "Minutes." }),
      }),
      attendants: z.array(object({ id, name: z.string(), online: z.boolean(), tickets: count, avgSupportTime: figure, rating: figure, countRating: count })),
    }).meta({ description: "The period's counters and the attendants' table." }),
  },
  perUser: { 200: object({ data: z.array(object({ nome: z.string(), quantidade: count })) }).meta({ description: "Conversations per attendant." }) },
  perDay: {
    200: object({
      data: z
        .array(z.union([object({ horario: z.string(), total: count }), object({ data: z.string(), total: count })]))
        .meta({ description: "Per hour (`horario`, HH) for a single day, otherwise per day (`data`, DD/MM/YYYY)." }),
      count,
    }).meta({ description: "Tickets that arrived, per hour or per day." }),
  },
};

import { z } from "zod";
import { boundedString } from "./common";
import { V } from "./messages";

/** GET /queue: the client may send its companyId; the server uses the caller's company whatever it says. */
export const queuesQuery = z.object({ companyId: z.unknown().optional() });

/** The queue dialog's 'Dados da Fila' fields (administration spec, section 5). */
export const queueBody = z.object({
  name: boundedString(2, 50),
  color: z.string({ error: V.required }).trim().min(1, V.required).min(3, V.tooShort).max(9, V.tooLong),
  greetingMessage: z.string().max(4000, V.tooLong).optional().default(""),
  outOfHoursMessage: z.string().max(4000, V.tooLong).optional().default(""),
  orderQueue: z.union([z.coerce.number().int().min(0).max(10_000), z.literal(""), z.null()]).optional().transform((v) => (v === "" || v === undefined ? null : v)),
});
export type QueueBody = z.infer<typeof queueBody>;

import { z } from "zod";
import { MAX_ID, idParam } from "./common";
import { V } from "./messages";

/** `parentId`: -1 (or nothing) for the top level, otherwise the parent option's id. */
const parentIdField = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === "" || Number(v) === -1) return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: "custom", message: V.invalidValue });
      return z.NEVER;
    }
    return n;
  });

/** GET /queue-options?queueId=&parentId= (parentId -1: the top level; left out: every level). */
export const queueOptionsQuery = z.object({
  queueId: idParam.optional(),
  parentId: z
    .union([z.literal("-1"), z.literal(-1), idParam])
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v) === -1 ? null : Number(v))),
});
export type QueueOptionsQuery = z.infer<typeof queueOptionsQuery>;

/** What an admin edits on one chatbot option. */
export const queueOptionFields = z.object({
  title: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  option: z.union([z.string(), z.number()], { error: V.required }).transform(String).pipe(z.string().trim().min(1, V.required).max(20, V.tooLong)),
  message: z
    .string()
    .max(4000, V.tooLong)
    .nullish()
    .transform((v) => v ?? ""),
});
export type QueueOptionFieldsInput = z.input<typeof queueOptionFields>;

/** POST /queue-options. */
export const queueOptionBody = queueOptionFields.extend({
  queueId: z.coerce.number({ error: V.required }).int(V.invalidValue).positive(V.invalidValue).max(MAX_ID, V.invalidValue),
  parentId: parentIdField,
});
export type QueueOptionBody = z.infer<typeof queueOptionBody>;

/** PUT /queue-options/:id: the option's own texts (it stays under the same queue and parent). */
export const queueOptionUpdateBody = queueOptionFields.partial().extend({
  queueId: z.unknown().optional(),
  parentId: z.unknown().optional(),
});
export type QueueOptionUpdateBody = z.infer<typeof queueOptionUpdateBody>;

import { z } from "zod";
import { V } from "./messages";

/** A required trimmed string with the spec's min/max messages. */
export const boundedString = (min: number, max: number) => z.string({ error: V.required }).trim().min(1, V.required).min(min, V.tooShort).max(max, V.tooLong);

export const emailField = z.string({ error: V.required }).trim().toLowerCase().min(1, V.required).pipe(z.email(V.invalidEmail));

/** Ids are PostgreSQL integers: anything outside 1…2^31-1 is simply invalid, never a database error. */
export const MAX_ID = 2_147_483_647;
export const idParam = z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).positive(V.invalidValue).max(MAX_ID, V.invalidValue);
export const idList = (max: number) => z.array(idParam).max(max, V.tooLong);
export const idParams = z.object({ id: idParam });

export const pageNumberField = z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).min(1, V.invalidValue).max(1_000_000, V.invalidValue).optional().default(1);

/** Lists: `searchParam` and 1-based `pageNumber`, as the spec's client sends them. */
export const listQuery = z.object({
  searchParam: z.string().trim().toLowerCase().optional().default(""),
  pageNumber: pageNumberField,
});
export type ListQuery = z.infer<typeof listQuery>;

/** Accepts a number, a numeric string, "" or null; gives number | null. */
export const optionalId = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === "") return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: "custom", message: V.invalidValue });
      return z.NEVER;
    }
    return n;
  });

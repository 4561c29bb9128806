import { z } from "zod";
import { idParam } from "./common";
import { V } from "./messages";

export const DEFAULT_TAG_COLOR = "#5C59A0";

/** Tag name (administration spec 5): required ('Obrigatório'), at least 3 ('Mensagem muito curta'). */
export const tagNameField = z.string({ error: V.requiredPt }).trim().min(1, V.requiredPt).min(3, V.tooShortPt).max(100, V.tooLong);

/** A hex colour such as #5C59A0 (3 to 8 hex digits); blank means the default colour. */
export const tagColorField = z
  .string({ error: V.invalidValue })
  .nullable()
  .transform((v) => v?.trim() || DEFAULT_TAG_COLOR)
  .pipe(z.string().regex(/^#[0-9a-fA-F]{3,8}$/, V.invalidValue));

/** Kanban lane flag, 0 or 1 (booleans and "0"/"1" are accepted). */
export const tagKanbanField = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(["0", "1", "true", "false"])], { error: V.invalidValue })
  .transform((v) => (v === 1 || v === true || v === "1" || v === "true" ? 1 : 0));

export const tagFormSchema = z.object({
  name: tagNameField,
  color: tagColorField.default(DEFAULT_TAG_COLOR),
  kanban: tagKanbanField.default(0),
});
export type TagFormInput = z.input<typeof tagFormSchema>;

/** @alias The API's name for the form's schema: one shape for both. */
export const createTagBody = tagFormSchema;
export type CreateTagBody = z.infer<typeof createTagBody>;

/** PUT /tags/:id: fields left out keep their value. */
export const updateTagBody = z.object({
  name: tagNameField.optional(),
  color: tagColorField.optional(),
  kanban: tagKanbanField.optional(),
});
export type UpdateTagBody = z.infer<typeof updateTagBody>;

/** POST /tags/sync: the ticket's tags become exactly these (the client sends whole tag objects). */
export const syncTagsBody = z.object({
  ticketId: idParam,
  tags: z.array(z.object({ id: idParam }), { error: V.invalidValue }).max(200, V.tooLong),
});
export type SyncTagsBody = z.infer<typeof syncTagsBody>;

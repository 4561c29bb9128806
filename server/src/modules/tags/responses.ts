import { z } from "zod";
import { id, messageAnswer, object, page, timestamp } from "../../http/responses/shapes";

/** A tag as lists and the ticket's tag editor show it (presentTag). */
export const tagView = object({
  id,
  name: z.string(),
  color: z.string(),
  kanban: z.number().int().meta({ description: "1: a lane of the kanban board." }),
});

/** A whole tag: the list shape with its owner and dates (presentTagRecord). */
export const tagRecord = tagView.extend({ userId: id.nullable(), companyId: id, createdAt: timestamp, updatedAt: timestamp }).meta({ description: "A tag." });

/** A tag of the tags page: the record with the number of tickets carrying it. */
export const tagWithCount = tagRecord.extend({ ticketsCount: z.number().int() }).meta({ description: "A tag with the number of tickets carrying it." });

export const tagResponses = {
  page: { 200: page("tags", tagWithCount).meta({ description: "A page of tags, by name." }) },
  list: { 200: z.array(tagView) },
  one: { 200: tagWithCount },
  created: { 201: tagRecord },
  deleted: { 200: messageAnswer },
  synced: { 200: object({ ok: z.boolean() }) },
};

import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { tags } from "../../db/schema";
import { withCount } from "../../modules/tags/manage";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["tag.created", "tag.updated", "tag.deleted"]);

/** Tags, with their tickets count, to the company's sockets (`company-{id}-tag`). */
export const tagsRealtime: Listener = {
  name: "realtime.tags",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "tagId");
    if (!subject) return;
    const { companyId, id: tagId } = subject;
    const deleted = { action: "delete", tagId };
    if (event.type === "tag.deleted") return ctx.realtime.toCompany(companyId, "tag", deleted);
    const tag = await viewOf(event, "tag", async () => {
      const [row] = await ctx.db
        .select()
        .from(tags)
        .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)));
      return row ? withCount(ctx.db, row) : null;
    });
    ctx.realtime.toCompany(companyId, "tag", tag ? { action: event.type === "tag.created" ? "create" : "update", tag } : deleted);
  },
};

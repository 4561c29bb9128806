import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { fileLists } from "../../db/schema";
import { presentStored } from "../../modules/fileLists/service";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["fileList.created", "fileList.updated", "fileList.deleted"]);

/** File lists to the company's sockets (`company-{id}-file`): action create/update with the record, delete with the id. */
export const fileListsRealtime: Listener = {
  name: "realtime.fileLists",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "fileListId");
    if (!subject) return;
    const { companyId, id } = subject;
    const deleted = { action: "delete", id };
    if (event.type === "fileList.deleted") return ctx.realtime.toCompany(companyId, "file", deleted);
    const record = await viewOf(event, "record", async () => {
      const [row] = await ctx.db
        .select()
        .from(fileLists)
        .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
      return row ? presentStored(ctx.db, row) : null;
    });
    ctx.realtime.toCompany(companyId, "file", record ? { action: event.type === "fileList.created" ? "create" : "update", record } : deleted);
  },
};

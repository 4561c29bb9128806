import type { PromptRecord } from "@balcao/common";
import type { Listener } from "../../events/types";
import { findPromptRecord } from "../../modules/prompts/service";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["prompt.created", "prompt.updated", "prompt.deleted"]);

/** Prompts to `company-{id}-prompt`, the company's admins only (they alone manage them): create/update with the record (keys masked), delete with the id. */
export const promptsRealtime: Listener = {
  name: "realtime.prompts",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "promptId");
    if (!subject) return;
    const { companyId, id } = subject;
    const deleted = { action: "delete", id };
    if (event.type === "prompt.deleted") return ctx.realtime.toAdmins(companyId, "prompt", deleted);
    const record = await viewOf<PromptRecord>(event, "record", () => findPromptRecord(ctx, companyId, id));
    if (!record) return ctx.realtime.toAdmins(companyId, "prompt", deleted);
    ctx.realtime.toAdmins(companyId, "prompt", { action: event.type === "prompt.created" ? "create" : "update", record });
  },
};

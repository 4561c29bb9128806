import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { deadLetters } from "../../db/schema";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["deadLetter.created", "deadLetter.deleted"]);

/** Dead letters to the company's admins (`company-{id}-deadLetter`): the id only, the list is fetched. */
export const deadLettersRealtime: Listener = {
  name: "realtime.deadLetters",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "deadLetterId");
    if (!subject) return;
    const { companyId, id: id } = subject;
    const kept =
      event.type === "deadLetter.created" &&
      (await viewOf(event, "deadLetter", async () => {
        const [row] = await ctx.db
          .select({ id: deadLetters.id })
          .from(deadLetters)
          .where(and(eq(deadLetters.companyId, companyId), eq(deadLetters.id, id)));
        return row ?? null;
      }));
    ctx.realtime.toAdmins(companyId, "deadLetter", { action: kept ? "create" : "delete", id });
  },
};

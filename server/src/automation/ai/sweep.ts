import { and, isNull, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { promptReplies } from "../../db/schema";
import { answerDue } from "./assistant";

/** A due answer older than this was left by a stop (or a failure): it is tried again, a few times. */
const GRACE_MS = 120_000;
const MAX_ATTEMPTS = 5;

/** Answers the customer messages a stop left due; each try counted first, so a poisonous one ends. */
export async function answerLeftDue(ctx: AppContext, graceMs = GRACE_MS) {
  const due = await ctx.db
    .update(promptReplies)
    .set({ attempts: sql`${promptReplies.attempts} + 1` })
    .where(
      and(
        isNull(promptReplies.answeredAt),
        lt(promptReplies.attempts, MAX_ATTEMPTS),
        lt(promptReplies.createdAt, new Date(Date.now() - graceMs)),
        sql`(${promptReplies.companyId}, ${promptReplies.messageId}) in (select company_id, message_id from prompt_replies where answered_at is null order by created_at limit 50)`,
      ),
    )
    .returning();
  for (const row of due.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    await answerDue(ctx, row.companyId, row.messageId).catch((err) => ctx.log?.warn({ err: { message: (err as Error).message }, messageId: row.messageId }, "AI answer left due failed"));
  }
  return due.length;
}

import { and, asc, eq, or } from "drizzle-orm";
import type { Caller } from "../../context";
import type { Db } from "../../db/client";
import { quickMessages } from "../../db/schema";
import { presentQuickMessage } from "./present";

/** The composer's quick replies: the caller's own and the company's shared (geral) ones, by shortcode. */
export async function listQuickMessagesFor(db: Db, caller: Caller) {
  const rows = await db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.companyId, caller.companyId), or(eq(quickMessages.userId, caller.id), eq(quickMessages.geral, true))))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return rows.map(presentQuickMessage);
}

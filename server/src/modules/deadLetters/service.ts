import { and, count, desc, eq } from "drizzle-orm";
import { DEAD_LETTERS_PAGE_SIZE, type DeadLettersPage } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { deadLetters, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { authorize } from "../../policies";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { presentDeadLetter } from "./present";

/** The caller's company's dead letters, newest first, a page at a time (admins only). */
export async function listDeadLetters(ctx: AppContext, caller: Caller, pageNumber: number): Promise<DeadLettersPage> {
  authorize(caller, "connections-page:deadLetters");
  const limit = DEAD_LETTERS_PAGE_SIZE;
  const offset = (pageNumber - 1) * limit;
  const own = eq(deadLetters.companyId, caller.companyId);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ row: deadLetters, whatsappName: whatsapps.name })
      .from(deadLetters)
      .leftJoin(whatsapps, and(eq(whatsapps.companyId, deadLetters.companyId), eq(whatsapps.id, deadLetters.whatsappId)))
      .where(own)
      .orderBy(desc(deadLetters.createdAt), desc(deadLetters.id))
      .limit(limit)
      .offset(offset),
    ctx.db.select({ total: count() }).from(deadLetters).where(own),
  ]);
  return { deadLetters: rows.map((r) => presentDeadLetter(r.row, r.whatsappName)), count: total, hasMore: total > offset + rows.length };
}

/** An admin has seen a dead letter and dismisses it; another company's is not found. */
export async function dismissDeadLetter(ctx: AppContext, caller: Caller, id: number) {
  authorize(caller, "connections-page:deadLetters");
  await command(ctx, async (tx, events) => {
    const [gone] = await tx
      .delete(deadLetters)
      .where(and(eq(deadLetters.companyId, caller.companyId), eq(deadLetters.id, id)))
      .returning({ id: deadLetters.id, whatsappId: deadLetters.whatsappId });
    if (!gone) throw new AppError("ERR_NOT_FOUND", 404);
    const data = { deadLetterId: id, whatsappId: gone.whatsappId };
    events.add({ type: "deadLetter.deleted", companyId: caller.companyId, stream: `deadLetter:${id}`, actor: actorOf(caller), data });
  });
}

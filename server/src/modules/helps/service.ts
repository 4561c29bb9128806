import { asc, count, eq, ilike, or } from "drizzle-orm";
import { HELPS_PAGE_SIZE, type HelpBody, type ListQuery } from "@balcao/common";
import type { Db } from "../../db/client";
import { helps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { presentHelp } from "./present";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /helps: 20 a page by title, searched in title and description. */
export async function listHelpsPage(db: Db, query: ListQuery) {
  const term = query.searchParam ? `%${escapeLike(query.searchParam)}%` : null;
  const where = term ? or(ilike(helps.title, term), ilike(helps.description, term)) : undefined;
  const offset = (query.pageNumber - 1) * HELPS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(helps).where(where).orderBy(asc(helps.title), asc(helps.id)).limit(HELPS_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(helps).where(where),
  ]);
  return { records: rows.map(presentHelp), count: total, hasMore: total > offset + rows.length };
}

/** GET /helps/list: every help video, in the order they were added. */
export async function listHelps(db: Db) {
  const rows = await db.select().from(helps).orderBy(asc(helps.id));
  return rows.map(presentHelp);
}

export async function findHelp(db: Db, id: number) {
  const [row] = await db.select().from(helps).where(eq(helps.id, id));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentHelp(row);
}

export async function createHelp(db: Db, body: HelpBody) {
  const [row] = await db.insert(helps).values(body).returning();
  return presentHelp(row);
}

export async function updateHelp(db: Db, id: number, body: HelpBody) {
  const [row] = await db.update(helps).set(body).where(eq(helps.id, id)).returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentHelp(row);
}

export async function deleteHelp(db: Db, id: number) {
  const [row] = await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
}

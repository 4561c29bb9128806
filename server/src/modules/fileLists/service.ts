import { and, asc, count, eq, ilike, inArray, sql } from "drizzle-orm";
import { FILE_LISTS_PAGE_SIZE, type FileListBody, type FileListsQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db, Tx } from "../../db/client";
import { fileListOptions, fileLists } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { AppError } from "../../http/errors";
import { authorize } from "../../policies";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { fileListCreated, fileListDeleted, fileListUpdated } from "./events";
import { presentFileList, type FileListOptionRow, type FileListRow } from "./present";

/** By name whatever its case (the same on every database collation), then by id. */
const byName = [asc(sql`lower(${fileLists.name})`), asc(fileLists.id)];
const inOrder = [asc(fileListOptions.position), asc(fileListOptions.id)];

/** The options as they stand: which, named how, in which order. */
const signature = (options: { id: number; name: string }[]) => JSON.stringify(options.map((o) => [o.id, o.name]));

const notFound = () => new AppError("ERR_NOT_FOUND", 404);

/** The options of these lists (all of one company), each list's in its order. */
async function optionsOf(db: Db | Tx, companyId: number, fileIds: number[]) {
  const byList = new Map<number, FileListOptionRow[]>(fileIds.map((id) => [id, []]));
  if (!fileIds.length) return byList;
  const rows = await db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), inArray(fileListOptions.fileId, fileIds)))
    .orderBy(...inOrder);
  for (const row of rows) byList.get(row.fileId)?.push(row);
  return byList;
}

/** One list of the company, presented with its options. */
export async function presentStored(db: Db | Tx, row: FileListRow) {
  const options = await optionsOf(db, row.companyId, [row.id]);
  return presentFileList(row, options.get(row.id) ?? []);
}

/**
 * GET /files: the page's search (in the name) 20 a page by name; without a page number (the
 * campaign dialog's call) every list of the company.
 */
export async function listFileLists(db: Db, caller: Caller, query: FileListsQuery) {
  const where = and(eq(fileLists.companyId, caller.companyId), query.searchParam ? ilike(fileLists.name, containsPattern(query.searchParam)) : undefined);
  const paged = query.pageNumber !== undefined;
  const offset = paged ? (query.pageNumber! - 1) * FILE_LISTS_PAGE_SIZE : 0;
  const rowsQuery = db
    .select()
    .from(fileLists)
    .where(where)
    .orderBy(...byName);
  const [rows, [{ total }]] = await Promise.all([paged ? rowsQuery.limit(FILE_LISTS_PAGE_SIZE).offset(offset) : rowsQuery, db.select({ total: count() }).from(fileLists).where(where)]);
  const options = await optionsOf(
    db,
    caller.companyId,
    rows.map((r) => r.id),
  );
  const files = rows.map((row) => presentFileList(row, options.get(row.id) ?? []));
  return { files, count: total, hasMore: total > offset + rows.length };
}

/** A list of the caller's company; any other id is not found. */
export async function findFileList(db: Db | Tx, caller: Pick<Caller, "companyId">, id: number): Promise<FileListRow> {
  const [row] = await db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, caller.companyId), eq(fileLists.id, id)));
  if (!row) throw notFound();
  return row;
}

/** A list the caller may change: admins manage file lists (administration §1). */
export async function findManageableFileList(db: Db, caller: Caller, id: number) {
  authorize(caller, "files:manage");
  return findFileList(db, caller, id);
}

export async function showFileList(db: Db, caller: Caller, id: number) {
  return presentStored(db, await findFileList(db, caller, id));
}

export async function createFileList(ctx: AppContext, caller: Caller, body: FileListBody) {
  authorize(caller, "files:manage");
  return command(ctx, async (tx, events) => {
    const [row] = await tx.insert(fileLists).values({ companyId: caller.companyId, userId: caller.id, name: body.name, message: body.message }).returning();
    if (body.options.length) {
      await tx.insert(fileListOptions).values(body.options.map((o, position) => ({ companyId: caller.companyId, fileId: row.id, name: o.name, position })));
    }
    const record = await presentStored(tx, row);
    events.add(fileListCreated(record, actorOf(caller)));
    return record;
  });
}

/**
 * Name, message and the options in the body's order: a stored option named by its id keeps its
 * file, one without an id (or with an id this list does not hold) is new, and a stored option
 * left out is removed with its file.
 */
export async function updateFileList(ctx: AppContext, caller: Caller, id: number, body: FileListBody) {
  const current = await findManageableFileList(ctx.db, caller, id);
  const fields = { name: body.name, message: body.message };
  const { record, dropped } = await command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(fileLists)
      .set({ ...fields, userId: caller.id })
      .where(and(eq(fileLists.companyId, caller.companyId), eq(fileLists.id, id)))
      .returning();
    if (!row) throw notFound(); // deleted meanwhile
    const stored = (await optionsOf(tx, caller.companyId, [id])).get(id) ?? [];
    const kept = new Map<number, FileListOptionRow>();
    for (const [position, option] of body.options.entries()) {
      const match = option.id ? stored.find((o) => o.id === option.id && !kept.has(o.id)) : undefined;
      if (match) {
        kept.set(match.id, match);
        if (match.name !== option.name || match.position !== position) {
          await tx.update(fileListOptions).set({ name: option.name, position }).where(eq(fileListOptions.id, match.id));
        }
      } else {
        await tx.insert(fileListOptions).values({ companyId: caller.companyId, fileId: id, name: option.name, position });
      }
    }
    const gone = stored.filter((o) => !kept.has(o.id));
    if (gone.length)
      await tx.delete(fileListOptions).where(
        inArray(
          fileListOptions.id,
          gone.map((o) => o.id),
        ),
      );
    const saved = await presentStored(tx, row);
    const optionsChanged = signature(stored) !== signature(saved.options);
    const changed = [...changedFields(current, fields), ...(optionsChanged ? ["options"] : [])];
    events.add(fileListUpdated(saved, changed, actorOf(caller)));
    return { record: saved, dropped: gone };
  });
  await removeFiles(ctx, caller.companyId, dropped);
  return record;
}

export async function deleteFileList(ctx: AppContext, caller: Caller, id: number) {
  await findManageableFileList(ctx.db, caller, id);
  const options = await command(ctx, async (tx, events) => {
    const dropped = await tx
      .delete(fileListOptions)
      .where(and(eq(fileListOptions.companyId, caller.companyId), eq(fileListOptions.fileId, id)))
      .returning();
    const [row] = await tx
      .delete(fileLists)
      .where(and(eq(fileLists.companyId, caller.companyId), eq(fileLists.id, id)))
      .returning();
    if (!row) throw notFound();
    events.add(fileListDeleted(row, actorOf(caller)));
    return dropped;
  });
  await removeFiles(ctx, caller.companyId, options);
}

/** Stored files no option holds any more; one already gone is no failure. */
export async function removeFiles(ctx: AppContext, companyId: number, options: Pick<FileListOptionRow, "mediaPath">[]) {
  for (const { mediaPath } of options) if (mediaPath) await ctx.media.remove(companyId, mediaPath).catch(() => undefined);
}

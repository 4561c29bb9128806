import type { RecordPages } from "../../hooks/useLiveRecordPages";
import type { FileListRecord } from "./fileListsApi";

export type FileListPages = RecordPages<FileListRecord>;

/** Replaces the record where it is listed; reports whether it was there. */
export function replaceFileList(data: FileListPages | undefined, record: FileListRecord): { data: FileListPages | undefined; found: boolean } {
  if (!data) return { data, found: false };
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    records: page.records.map((f) => {
      if (f.id !== record.id) return f;
      found = true;
      return record;
    }),
  }));
  return { data: found ? { ...data, pages } : data, found };
}

/** Drops a record from every loaded page. */
export function removeFileList(data: FileListPages | undefined, id: number): FileListPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const records = page.records.filter((f) => f.id !== id);
      return records.length === page.records.length ? page : { ...page, records, count: Math.max(0, page.count - 1) };
    }),
  };
}

/** Whether a record belongs in a list searched for `term` (the server matches the name). */
export function matchesSearch(record: Pick<FileListRecord, "name">, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return !needle || record.name.toLowerCase().includes(needle);
}

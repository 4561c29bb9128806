/** The spreadsheet library's module, for code handed it by loadXlsx. */
export type Xlsx = typeof import("@e965/xlsx");
let loading: Promise<Xlsx> | null = null;

/**
 * The spreadsheet library, imported on the first import or export that needs it: most servers
 * never do, and it costs memory. A failed import is tried again on the next call.
 */
export function loadXlsx(): Promise<Xlsx> {
  loading ??= import("@e965/xlsx").catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

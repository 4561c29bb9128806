/** What an import did, table by table, and the rows it could not move in as they were. */

export interface TableCount {
  /** Rows read from the source. */
  read: number;
  /** Rows added here (would be added, in a dry run). */
  added: number;
  /** Rows a previous run already moved in. */
  already: number;
  /** Rows joined to one already here (a plan of the same name, a contact of the same number). */
  merged: number;
  /** Rows left out, each with a problem. */
  skipped: number;
}

export interface Problem {
  table: string;
  sourceId: string;
  kind: string;
  detail: string;
}

export interface ImportReport {
  dryRun: boolean;
  tables: Record<string, TableCount>;
  problems: Problem[];
  mediaCopied: number;
}

/** The report as the command prints it: a table of counts, then the problems by kind (the first few of each). */
export function reportLines(report: ImportReport, examples = 5): string[] {
  const lines = [report.dryRun ? "Dry run: nothing was written. What a run would do:" : "Moved in from Whaticket:"];
  const head = ["table", "read", report.dryRun ? "would add" : "added", "already", "merged", "skipped"];
  const rows = Object.entries(report.tables).map(([t, c]) => [t, c.read, c.added, c.already, c.merged, c.skipped].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [head, ...rows]) lines.push(r.map((v, i) => (i ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join("  "));
  if (!report.dryRun) lines.push(`Media files copied: ${report.mediaCopied}`);
  const kinds = new Map<string, Problem[]>();
  for (const p of report.problems) kinds.set(`${p.table}: ${p.kind}`, [...(kinds.get(`${p.table}: ${p.kind}`) ?? []), p]);
  lines.push(report.problems.length ? `Problems (${report.problems.length}):` : "No problems.");
  for (const [kind, list] of kinds) {
    lines.push(`  ${kind} (${list.length})`);
    for (const p of list.slice(0, examples)) lines.push(`    ${p.sourceId === "*" ? "" : `#${p.sourceId} `}${p.detail}`);
    if (list.length > examples) lines.push(`    … and ${list.length - examples} more`);
  }
  return lines;
}

/** The tables in the order they are moved in (each after those it points at). */
export const TABLES = [
  "Plans",
  "Companies",
  "Whatsapps",
  "Queues",
  "QueueOptions",
  "WhatsappQueues",
  "Users",
  "UserQueues",
  "Contacts",
  "Tags",
  "Tickets",
  "TicketTags",
  "Messages",
  "QuickMessages",
  "Schedules",
  "Settings",
] as const;
export type SourceTable = (typeof TABLES)[number];

import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client";
import { containsPattern } from "../db/like";
import { jsonOf, rowsOf } from "../channels/sqlRows";

/** What stands where an erased piece of personal data was quoted. */
export const ERASED_TEXT = "—";

/** Texts shorter than this ("ok", "oi") say nothing of a person: left where they are quoted. */
const MIN_QUOTED_TEXT = 4;

/**
 * What identifies a person in stored text: their name (as a whole word), number and email, found
 * inside longer texts; and what they said (their messages, notes about them), found whole.
 */
export interface PersonalTerms {
  names: string[];
  numbers: string[];
  emails: string[];
  texts: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Replaces the person's data in strings and in JSON values (every string inside), keeping everything else. */
export class Scrubber {
  private readonly inside: RegExp | null;
  private readonly whole: Set<string>;
  readonly patterns: string[];

  constructor(terms: PersonalTerms) {
    const names = terms.names.map((n) => n.trim()).filter((n) => n.length >= 3 && n !== ERASED_TEXT);
    const numbers = terms.numbers.filter((n) => n.length >= 6);
    const emails = terms.emails.map((e) => e.trim()).filter((e) => e.length >= 3);
    const parts = [...names.map((n) => `(?<![\\p{L}\\p{N}])${escapeRegExp(n)}(?![\\p{L}\\p{N}])`), ...numbers.map(escapeRegExp), ...emails.map(escapeRegExp)];
    this.inside = parts.length ? new RegExp(parts.join("|"), "giu") : null;
    this.whole = new Set(terms.texts.filter((t) => t.trim().length >= MIN_QUOTED_TEXT));
    // LIKE patterns that find a candidate row by its text (a JSON value's text escapes as JSON does)
    const jsonInner = (s: string) => JSON.stringify(s).slice(1, -1);
    this.patterns = [...[...names, ...numbers, ...emails].flatMap((t) => [containsPattern(t), containsPattern(jsonInner(t))]), ...[...this.whole].flatMap((t) => [containsPattern(t), containsPattern(JSON.stringify(t))])];
  }

  get empty() {
    return this.patterns.length === 0;
  }

  text(value: string): string {
    if (this.whole.has(value) || this.whole.has(value.trim())) return "";
    let out = this.inside ? value.replace(this.inside, ERASED_TEXT) : value;
    for (const quoted of this.whole) if (quoted.length >= 12 && out.includes(quoted)) out = out.split(quoted).join(ERASED_TEXT);
    return out;
  }

  json(value: unknown): unknown {
    if (typeof value === "string") return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.json(v));
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.json(v)]));
    return value;
  }

  /** A JSON document kept as text (a webhook's exact body): scrubbed as JSON, or as text when it is not JSON. */
  jsonText(value: string): string {
    try {
      return JSON.stringify(this.json(JSON.parse(value)));
    } catch {
      return this.text(value);
    }
  }
}

export type ColumnKind = "text" | "json" | "jsonText";

/**
 * Scrubs the person's data out of some columns of a company's rows in one table: the rows whose
 * text may hold it are read (LIKE on the column's text), rewritten in JS, written back when changed.
 * Answers how many rows changed. `remove` deletes a matching row instead (a dead letter of theirs).
 */
export async function scrubTable(
  tx: Tx,
  scrub: Scrubber,
  table: string,
  columns: Partial<Record<string, ColumnKind>>,
  where: SQL,
  options: { remove?: (row: Record<string, unknown>) => boolean } = {},
): Promise<{ changed: number; removed: number }> {
  if (scrub.empty) return { changed: 0, removed: 0 };
  const names = Object.keys(columns);
  const patterns = JSON.stringify(scrub.patterns);
  const matches = sql.join(
    names.map((c) => sql`exists (select 1 from jsonb_array_elements_text(${patterns}::jsonb) p(v) where ${sql.identifier(c)}::text like p.v)`),
    sql` or `,
  );
  const rows = await rowsOf<{ id: number | string; row: Record<string, unknown> }>(tx, sql`select id, to_jsonb(t) as row from ${sql.identifier(table)} t where ${where} and (${matches})`);
  let changed = 0;
  let removed = 0;
  for (const { id, row: json } of rows) {
    const row = jsonOf<Record<string, unknown>>(json);
    if (options.remove?.(row)) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where id = ${id}`);
      removed++;
      continue;
    }
    const sets: SQL[] = [];
    for (const name of names) {
      const value = row[name];
      if (value === null || value === undefined) continue;
      const kind = columns[name]!;
      if (kind === "json") {
        const next = scrub.json(value);
        if (JSON.stringify(next) !== JSON.stringify(value)) sets.push(sql`${sql.identifier(name)} = ${JSON.stringify(next)}::jsonb`);
      } else if (typeof value === "string") {
        const next = kind === "jsonText" ? scrub.jsonText(value) : scrub.text(value);
        if (next !== value) sets.push(sql`${sql.identifier(name)} = ${next}`);
      }
    }
    if (sets.length === 0) continue;
    await tx.execute(sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where id = ${id}`);
    changed++;
  }
  return { changed, removed };
}

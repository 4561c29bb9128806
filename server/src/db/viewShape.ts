import { getTableColumns, type Column, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgColumn } from "drizzle-orm/pg-core";
import { isoJson } from "./sqlParams";

/** What a field's SQL may name: a column of the row (by its TypeScript key) or a part the statement supplies. */
export interface SqlScope<R, P> {
  col(key: keyof R & string): string;
  part(name: keyof P & string): string;
}

/** One field of a view, as SQL over the row and as TypeScript over the same row: one rule, two readings. */
export interface Field<R, P> {
  sql(scope: SqlScope<R, P>): string;
  value(row: R, parts: P): unknown;
  /** The row's keys it reads, so a query selects no more than the view needs. */
  reads: (keyof R & string)[];
}

/** A field is a row key as it is (plain) or a Field. */
export type Spec<R, P> = (keyof R & string) | Field<R, P>;

const literal = (v: null | string) => (v === null ? "null" : `'${v.replace(/'/g, "''")}'`);

/** The encodings a view's fields use besides plain columns. */
export function fieldKit<R, P>() {
  return {
    /** A timestamptz as Date#toISOString gives it. */
    iso: (key: keyof R & string): Field<R, P> => ({
      sql: (s) => isoJson(s.col(key)),
      value: (row) => ((row[key] as Date | null) ?? null)?.toISOString() ?? null,
      reads: [key],
    }),
    /** A part of the view the statement joins (SQL: its expression) or the caller hands in (TypeScript). */
    part: (name: keyof P & string): Field<R, P> => ({ sql: (s) => s.part(name), value: (_, parts) => parts[name], reads: [] }),
    /** `otherwise` when the row's boolean `flag` is set, else the field. */
    unless: (flag: keyof R & string, otherwise: null | string, spec: Spec<R, P>): Field<R, P> => {
      const inner = fieldOf(spec);
      return {
        sql: (s) => `case when ${s.col(flag)} then ${literal(otherwise)} else ${inner.sql(s)} end`,
        value: (row, parts) => (row[flag] ? otherwise : inner.value(row, parts)),
        reads: [flag, ...inner.reads],
      };
    },
  };
}

function fieldOf<R, P>(spec: Spec<R, P>): Field<R, P> {
  if (typeof spec !== "string") return spec;
  return { sql: (s) => s.col(spec), value: (row) => row[spec] ?? null, reads: [spec] };
}

const dbNameOf = (column: Column) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/**
 * A view's shape declared once, field by field in the view's key order, over one table's row:
 * `sql(alias)` is the select list (`expr as "key"`) that builds it in the database,
 * `jsonObject(alias)` the same as one json_build_object, `fromRow(row)` the TypeScript presenter.
 * Typed by the view, so a field missing, extra or renamed against the shared view type does not compile.
 */
export const viewShape =
  <V, P = Record<never, never>>() =>
  <T extends Table>(table: T, declare: (f: ReturnType<typeof fieldKit<T["$inferSelect"], P>>) => { [K in keyof V]-?: Spec<T["$inferSelect"], P> }) => {
    type R = T["$inferSelect"];
    const columns = getTableColumns(table) as Record<string, Column>;
    const fields = Object.entries(declare(fieldKit<R, P>())).map(([key, spec]) => [key, fieldOf(spec as Spec<R, P>)] as const);
    const scopeOf = (alias: string, parts: Partial<Record<keyof P & string, string>>): SqlScope<R, P> => ({
      col: (key) => {
        const column = columns[key];
        if (!column) throw new Error(`no column ${key} in the view's table`);
        return `${alias}.${dbNameOf(column)}`;
      },
      part: (name) => {
        const expr = parts[name];
        if (!expr) throw new Error(`the statement gives no part ${name}`);
        return expr;
      },
    });
    const exprs = (alias: string, parts: Partial<Record<keyof P & string, string>>) => {
      const scope = scopeOf(alias, parts);
      return fields.map(([key, field]) => [key, field.sql(scope)] as const);
    };
    const fromRow = (row: R, parts: P = {} as P): V => {
      const view: Record<string, unknown> = {};
      for (const [key, field] of fields) view[key] = field.value(row, parts);
      return view as V;
    };
    return {
      /** The select list of the row aliased `alias`; `parts` are the SQL expressions of the joined parts. */
      sql: (alias: string, parts: Partial<Record<keyof P & string, string>> = {}) =>
        exprs(alias, parts)
          .map(([key, expr]) => (expr === `${alias}.${key}` ? expr : `${expr} as "${key}"`))
          .join(", "),
      jsonObject: (alias: string, parts: Partial<Record<keyof P & string, string>> = {}) =>
        `json_build_object(${exprs(alias, parts)
          .map(([key, expr]) => `'${key}', ${expr}`)
          .join(", ")})`,
      fromRow,
      /** The view of a row selected with `columns()` (only the columns the view reads). */
      fromColumns: (row: unknown, parts: P = {} as P): V => fromRow(row as R, parts),
      /** The table's columns the view reads, for a query builder's select (keys as the row's). */
      columns: () => Object.fromEntries([...new Set(fields.flatMap(([, f]) => f.reads))].map((key) => [key, columns[key]])) as Record<string, PgColumn>,
    };
  };

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { PGlite } from "@electric-sql/pglite";
import { allowPrepared, quoteLiteral, runPrepared } from "./pglitePrepared";

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create("memory://");
  await db.exec(`create table sink (id serial primary key, t text, n int, f float8, big int8, b boolean, at timestamptz, ints int[], words text[], j json, jb jsonb);
    create table sentinel (v text); insert into sentinel values ('untouched')`);
  allowPrepared(db);
});
afterAll(async () => db?.close());

const INSERT = `insert into sink (t, n, f, big, b, at, ints, words, j, jb)
  values ($1::text, $2::int, $3::float8, $4::int8, $5::boolean, $6::timestamptz, $7::int[], $8::text[], $9::json, $10::jsonb) returning *`;

// fragments that end a literal, escape, comment or start another statement, and characters encoders stumble on
const hostile = fc
  .array(fc.constantFrom("'", "''", "\\", "\\'", "E'", "$$", "$x$", ";", "--", "/*", "*/", ")", ",", "'); drop table sentinel; --", "\0", "😀", "\ud800", "\udfff", "ação", "\n"), { maxLength: 8 })
  .map((parts) => parts.join(""));
const text = fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" }), hostile);
const json = fc.jsonValue({ stringUnit: "binary" }).map((v) => JSON.stringify(v));
const values = fc.tuple(
  fc.option(text),
  fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })),
  fc.option(fc.double()),
  fc.option(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })),
  fc.option(fc.boolean()),
  // from year 100: PGlite's date parser reads earlier years as 19xx, on either path
  fc.option(fc.date({ min: new Date("0100-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })),
  fc.option(fc.array(fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })))),
  fc.option(fc.array(fc.option(text))),
  fc.option(json),
  fc.option(json),
);
// anything in any parameter: numbers as texts, texts as numbers, objects, out-of-range values
const anything = fc.oneof(
  text,
  fc.double(),
  fc.bigInt(),
  fc.boolean(),
  fc.constant(null),
  fc.date(),
  fc.array(fc.oneof(fc.integer(), text)),
  json,
  fc.jsonValue(),
  fc.constantFrom("1e3", "1.5", "t", "{1,2}", "infinity"),
);

const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from sink")).rows[0].n;
const outcome = (run: () => Promise<{ rows: unknown[] } | undefined>) =>
  run().then(
    (r) => (r ? { rows: (r.rows as Record<string, unknown>[]).map(({ id: _, ...row }) => row) } : undefined),
    (e: Error) => ({ error: e.message, fromDb: "code" in e }),
  );
// a NUL or half a surrogate pair: the prepared path leaves these to the unnamed statement
const UNWRITABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unwritable = (v: unknown): boolean => (typeof v === "string" ? UNWRITABLE.test(v) : Array.isArray(v) && v.some(unwritable));

describe("prepared statements on PGlite, over arbitrary values", () => {
  it("store every value as the unnamed statement does, read back unchanged, and refuse an unwritable text without running", async () => {
    await fc.assert(
      fc.asyncProperty(values, async (v) => {
        const before = await count();
        const mine = await outcome(() => runPrepared(db, "sink_insert", INSERT, v));
        if (v.some(unwritable)) {
          expect(mine).toBeUndefined();
          expect(await count()).toBe(before);
          return;
        }
        expect(mine).toEqual(await outcome(() => db.query(INSERT, v)));
        expect(await count()).toBe(before + (mine && "rows" in mine ? 2 : 0));
        if (!mine || !("rows" in mine)) {
          // only jsonb refuses what json keeps: unpaired surrogates and NUL escapes
          expect((mine as { error: string }).error).toMatch(/Unicode|surrogate|\\u0000/);
          return;
        }
        const [t, n, f, big, b, at, ints, words, j] = v;
        expect(mine.rows).toHaveLength(1);
        expect(mine.rows[0]).toMatchObject({ t, n, b, at, ints, words, j: j === null ? null : JSON.parse(j) });
        // PGlite binds a float as its toString, which writes -0 as 0
        expect(Object.is((mine.rows[0] as { f: unknown }).f, Object.is(f, -0) ? 0 : f)).toBe(true);
        expect((mine.rows[0] as { big: unknown }).big).toEqual(big === null ? null : big >= Number.MIN_SAFE_INTEGER && big <= Number.MAX_SAFE_INTEGER ? Number(big) : big);
      }),
      { numRuns: 400 },
    );
    expect((await db.query("select v from sentinel")).rows).toEqual([{ v: "untouched" }]);
  });

  it("answer anything in any parameter as the unnamed statement does, rows or error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anything, { minLength: 10, maxLength: 10 }), async (v) => {
        const before = await count();
        const mine = await outcome(() => runPrepared(db, "sink_insert", INSERT, v));
        if (mine === undefined) expect(v.some(unwritable)).toBe(true);
        // refused before anything was sent: the serializer could not write the value
        else if ("error" in mine && !mine.fromDb) expect(await count()).toBe(before);
        else expect(mine).toEqual(await outcome(() => db.query(INSERT, v)));
        expect(await count()).toBe(before + (mine && "rows" in mine ? 2 : 0));
      }),
      { numRuns: 400 },
    );
    expect((await db.query("select v from sentinel")).rows).toEqual([{ v: "untouched" }]);
    expect((await db.query("select name from pg_prepared_statements")).rows).toEqual([{ name: "sink_insert" }]);
  });

  it("quote any text as PostgreSQL's own quote_literal reads it back", async () => {
    await fc.assert(
      fc.asyncProperty(text, async (s) => {
        const literal = quoteLiteral(s);
        if (unwritable(s)) {
          expect(literal).toBeUndefined();
          return;
        }
        const rows = (await db.query<{ v: string; n: number }>(`select ${literal} as v, (select count(*)::int from sentinel) as n`)).rows;
        expect(rows).toEqual([{ v: s, n: 1 }]);
      }),
      { numRuns: 400 },
    );
  });
});

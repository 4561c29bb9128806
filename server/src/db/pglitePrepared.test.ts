import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { allowPrepared, runPrepared } from "./pglitePrepared";

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create("memory://");
  await db.exec("create table notes (id serial primary key, body text, data json, done boolean, at timestamptz, n int)");
  allowPrepared(db);
});
afterAll(async () => db?.close());

const INSERT = "insert into notes (body, data, done, at, n) values ($1::text, $2::json, $3::boolean, $4::timestamptz, $5::int) returning *";
const preparedNames = async () => (await db.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((r) => r.name);

describe("prepared statements on PGlite", () => {
  it("answers as the unnamed statement would, with quotes, backslashes and SQL in the values kept as written", async () => {
    const at = new Date("2026-11-25T06:00:00.000Z");
    const awkward = ["it's", "C:\\temp\\n", "'); drop table notes; --", "ação 😀", ""];
    for (const [i, body] of awkward.entries()) {
      const values = [body, JSON.stringify({ body, i }), i % 2 === 0, at, i];
      const prepared = await runPrepared(db, "notes_insert", INSERT, values);
      const plain = await db.query(INSERT, values);
      const { id: _a, ...mine } = prepared!.rows[0] as Record<string, unknown>;
      const { id: _b, ...theirs } = plain.rows[0] as Record<string, unknown>;
      expect(mine).toEqual(theirs);
      expect(mine).toMatchObject({ body, data: { body, i }, done: i % 2 === 0, at, n: i });
    }
    expect((await db.query("select count(*)::int as n from notes")).rows[0]).toEqual({ n: awkward.length * 2 });
    // prepared once, executed five times
    expect(await preparedNames()).toEqual(["notes_insert"]);
    expect((await runPrepared(db, "notes_insert", INSERT, [null, null, null, null, null]))!.rows[0]).toMatchObject({ body: null, data: null, done: null, at: null, n: null });
  });

  it("passes arrays of numbers and texts as the unnamed statement would", async () => {
    const text = "select $1::int[] as ids, $2::text[] as words, 2 = any($1::int[]) as has_two";
    const values = [
      [1, 2, null, 40],
      ['a"b', "c\\d", "{e,f}", "g'h", "", null],
    ];
    const prepared = await runPrepared(db, "arrays", text, values);
    expect(prepared!.rows).toEqual((await db.query(text, values)).rows);
    expect(prepared!.rows[0]).toEqual({ ids: [1, 2, null, 40], words: values[1], has_two: true });
    // PGlite's serializer writes the object as text, which the integer's input refuses on either path
    const wrong = [[{ id: 1 }], []];
    await expect(runPrepared(db, "arrays", text, wrong)).rejects.toThrow(/invalid input syntax for type integer/);
    await expect(db.query(text, wrong)).rejects.toThrow(/invalid input syntax for type integer/);
  });

  it("leaves to the unnamed statement what it cannot prepare safely: a NUL or half a surrogate pair in a text, a transaction, an odd name", async () => {
    expect(await runPrepared(db, "notes_insert", INSERT, ["a\u0000b", null, null, null, 1])).toBeUndefined();
    expect(await runPrepared(db, "notes_insert", INSERT, ["é\udfff", null, null, null, 1])).toBeUndefined();
    await db.transaction(async (tx) => {
      expect(await runPrepared(tx, "notes_insert", INSERT, ["x", null, null, null, 1])).toBeUndefined();
    });
    expect(await runPrepared(db, "notes; drop table notes", INSERT, ["x", null, null, null, 1])).toBeUndefined();
    expect(await preparedNames()).toEqual(["arrays", "notes_insert"]);
  });

  it("fails a statement that cannot be prepared with its own error, and prepares it again next time", async () => {
    await expect(runPrepared(db, "notes_broken", "select nope from notes where id = $1::int", [1])).rejects.toThrow(/nope/);
    await db.exec("alter table notes add column nope int");
    expect((await runPrepared(db, "notes_broken", "select nope from notes where id = $1::int", [1]))!.rows).toEqual([{ nope: null }]);
  });
});

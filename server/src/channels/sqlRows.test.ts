import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../db/client";
import { rowsOf } from "./sqlRows";

let database: Database;
beforeAll(async () => {
  database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { pgliteDir: "memory://" });
});
afterAll(async () => database?.close());

const values = (body: string) => sql`select ${body}::text as body, ${JSON.stringify({ body })}::json as data, ${7}::int as n, ${true}::boolean as yes, ${sql.param([1, 2])}::int[] as ids`;
// a named statement sees itself among the session's prepared statements; an unnamed one does not
const preparedAs = (name: string) => sql`select count(*)::int as n from pg_prepared_statements where name = ${name}::text`;

describe("rowsOf", () => {
  it("answers the rows of a named statement as of an unnamed one, on either driver", async () => {
    const body = "it's \\ 😀";
    const named = await rowsOf(database.db, values(body), "sql_rows_values");
    expect(named).toEqual([{ body, data: { body }, n: 7, yes: true, ids: [1, 2] }]);
    expect(await rowsOf(database.db, values(body))).toEqual(named);
  });

  it("prepares a named statement on the database and runs an unnamed one as it is", async () => {
    expect(await rowsOf(database.db, preparedAs("sql_rows_prepared"), "sql_rows_prepared")).toEqual([{ n: 1 }]);
    expect(await rowsOf(database.db, preparedAs("sql_rows_unnamed"))).toEqual([{ n: 0 }]);
  });

  it("runs a named statement inside the transaction it is given", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table sql_rows_mine (v text) on commit drop`);
      await tx.execute(sql`insert into sql_rows_mine values ('only here')`);
      expect(await rowsOf(tx, sql`select v from sql_rows_mine where v = ${"only here"}::text`, "sql_rows_in_tx")).toEqual([{ v: "only here" }]);
    });
  });
});

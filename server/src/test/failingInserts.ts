import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/**
 * Makes the database refuse every message whose text holds `marker`, as a fault the product
 * cannot foresee would: the statement storing it fails with SQLSTATE P0001. Answers the undo.
 */
export async function failMessagesContaining(db: Db, marker: string) {
  await db.execute(
    sql.raw(`create or replace function balcao_test_refuse_message() returns trigger language plpgsql as $$
    begin raise exception 'refused by the test''s trigger'; end $$`),
  );
  const name = `balcao_test_refuse_${marker.replace(/\W/g, "_").toLowerCase()}`;
  await db.execute(
    sql.raw(`create trigger ${name} before insert on messages for each row
    when (position('${marker.replace(/'/g, "''")}' in new.body) > 0) execute function balcao_test_refuse_message()`),
  );
  return async () => void (await db.execute(sql.raw(`drop trigger if exists ${name} on messages`)));
}

import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "@balcao/common";
import type { Db } from "../db/client";
import type { Tx } from "./outbox";
import { settings } from "../db/schema";

/** The company's values of `keys`, falling back to the defaults of the Options tab. */
export async function readSettings<K extends string>(db: Db | Tx, companyId: number, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), inArray(settings.key, [...keys])));
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = rows.find((r) => r.key === key)?.value ?? DEFAULT_SETTINGS[key] ?? "";
  return out;
}

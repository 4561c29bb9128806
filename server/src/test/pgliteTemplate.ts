import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PgBoss from "pg-boss";
import { openDatabase } from "../db/client";
import { JOBS_SCHEMA } from "../db/jobTables";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "../db/migrations");
let template: Promise<string> | undefined;

/**
 * The path of an embedded database with every migration applied, dumped once per schema into the
 * temp folder (a tar of its data directory): test apps and journeys' servers start from a copy
 * instead of creating and migrating a cluster, seconds each. The file's name is a hash of the
 * migrations and the job tables, so a schema change makes a new one.
 */
export function migratedPglite(): Promise<string> {
  return (template ??= (async () => {
    const hash = crypto.createHash("sha256").update(PgBoss.getConstructionPlans(JOBS_SCHEMA));
    for (const name of (await fs.readdir(migrationsFolder, { recursive: true })).sort()) {
      const file = path.join(migrationsFolder, name);
      if ((await fs.stat(file)).isFile()) hash.update(name).update(await fs.readFile(file));
    }
    const file = path.join(os.tmpdir(), `balcao-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
    if (await fs.stat(file).catch(() => null)) return file;
    const database = await openDatabase({ pgliteDir: "memory://" });
    try {
      await database.migrate();
      const dump = await database.dumpDataDir!();
      // written whole, then renamed: a test process starting meanwhile never reads half a file
      const partial = `${file}.${process.pid}`;
      await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await fs.rename(partial, file);
      return file;
    } finally {
      await database.close();
    }
  })());
}

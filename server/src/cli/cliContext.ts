import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import { loadConfig } from "../config";
import { openDatabase, type Database, type Tx } from "../db/client";
import { openMediaStore } from "../media/openStore";
import type { MediaStore } from "../media/store";
import { useChannelKey } from "../channels/sealing";
import { EventLog } from "../events/record";
import type { NewEvent } from "../events/types";

/** Where a command reads its settings and writes what it did; tests hand their own database and output. */
export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** An open database to use instead of the configured one (tests). */
  database?: Database;
  media?: MediaStore;
}

/** What a command needs of the server: its configuration, database and media store. */
export interface Cli {
  io: CliIo;
  config: Config;
  database: Database;
  media: MediaStore;
}

/** A failure the operator can act on: printed as it is, exit code 1. */
export class CliError extends Error {}

/** The acts of the command line carry this fact, so the audit trail tells them from a user's. */
export const CLI_FACT = { source: "cli" } as const;

/** Opens the configured database (or the one handed in) and runs `work`; the database is closed after. */
export async function withCli<T>(io: CliIo, work: (cli: Cli) => Promise<T>): Promise<T> {
  const config = loadConfig(io.env);
  useChannelKey(config.dataDir, config.channelKey);
  const pgliteDir = path.join(config.dataDir, "pglite");
  // the embedded database takes one process at a time: a second one beside a running server would corrupt it
  if (!io.database && !config.databaseUrl && fs.existsSync(path.join(pgliteDir, "postmaster.pid"))) {
    throw new CliError(`the embedded database in ${pgliteDir} is open in another process: stop the server first (a server that crashed leaves postmaster.pid there; remove it when none runs)`);
  }
  const database = io.database ?? (await openDatabase({ url: config.databaseUrl, pgliteDir, poolSize: 2 }));
  try {
    return await work({ io, config, database, media: io.media ?? openMediaStore(config) });
  } finally {
    if (!io.database) await database.close();
  }
}

/**
 * One transaction that records its events in the outbox beside its changes. No listener runs here:
 * a running server's sweep hands them on (audit, realtime, webhooks), or the next server to start.
 */
export async function cliCommand<T>(cli: Cli, work: (tx: Tx, events: { add(...e: NewEvent[]): void }) => Promise<T>): Promise<T> {
  const log = new EventLog();
  return cli.database.db.transaction(async (tx) => {
    const answer = await work(tx, log);
    await log.flush(tx);
    return answer;
  });
}

/** A positive whole number given on the command line. */
export function idArgument(value: string, what: string) {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw new CliError(`${what} must be a positive whole number, not "${value}"`);
  return Number(value);
}

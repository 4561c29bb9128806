import type { Database } from "../../server/src/db/client";
import type { Manifest } from "../dataset/manifest";
import type { BenchDatabase } from "../lib/databases";
import type { Sessions } from "../lib/http";
import type { Backend, Options, Size } from "../lib/options";
import type { PartResult } from "../lib/results";
import type { BenchServer } from "../lib/server";

/** What every part gets: the running server on one dataset, and a way to check the database afterwards. */
export interface PartContext {
  options: Options;
  size: Size;
  backend: Backend;
  server: BenchServer;
  sessions: Sessions;
  manifest: Manifest;
  database: BenchDatabase;
  say(line: string): void;
  /**
   * A check to run on the database once the server has stopped (PGlite can only be opened
   * then); it may add rows and targets to the part's result.
   */
  afterStop(check: (db: Database) => Promise<void>): void;
  /** Server RSS samples (MB) taken along the run, by label. */
  rss: { label: string; mb: number }[];
}

export type PartRunner = (ctx: PartContext) => Promise<PartResult | PartResult[] | null>;

import { CliError, idArgument, withCli, type CliIo } from "./cliContext";
import { importWhaticket, reportLines } from "../importer/whaticket/importer";
import { pgSource, type Source } from "../importer/whaticket/source";

export interface ImportWhaticketOptions {
  from?: string;
  dryRun?: boolean;
  company?: string;
  mediaDir?: string;
  batch?: string;
  /** Tests hand a source of their own instead of a connection string. */
  source?: Source;
}

/** Moves a Whaticket SaaS database in (see README, "Moving in from Whaticket"); a second run adds nothing. */
export async function importWhaticketCommand(io: CliIo, o: ImportWhaticketOptions) {
  if (!o.source && !/^postgres(ql)?:\/\//.test(o.from ?? "")) throw new CliError("--from must be the Whaticket database's connection string (postgres://user:password@host:5432/database)");
  const companyId = o.company === undefined ? undefined : idArgument(o.company, "--company");
  const batchSize = o.batch === undefined ? undefined : idArgument(o.batch, "--batch");
  await withCli(io, async (cli) => {
    let source = o.source;
    if (!source) {
      try {
        source = await pgSource(o.from!);
      } catch (err) {
        // the message names host and user, never the password
        throw new CliError(`cannot reach the Whaticket database: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
      }
    }
    try {
      const tables = await source.query(`select count(*)::int as n from information_schema.tables where table_name in ('Companies', 'Tickets', 'Messages')`);
      if (Number(tables[0]?.n) < 3) throw new CliError("the database given with --from has no Whaticket tables (Companies, Tickets, Messages)");
      const report = await importWhaticket(cli.database.db, cli.media, source, { dryRun: o.dryRun, companyId, mediaDir: o.mediaDir, batchSize, log: io.out });
      for (const line of reportLines(report)) io.out(line);
      return report;
    } finally {
      if (!o.source) await source.close();
    }
  });
}

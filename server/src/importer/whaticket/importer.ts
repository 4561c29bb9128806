import type { Db } from "../../db/client";
import type { MediaStore } from "../../media/store";
import type { Source } from "./source";
import { importCompanies, importPlans } from "./steps/companies";
import { importWhatsappQueues, importWhatsapps } from "./steps/connections";
import { importContacts } from "./steps/contacts";
import { importMessages } from "./steps/messages";
import { importQueueOptions, importQueues } from "./steps/queues";
import { importQuickMessages } from "./steps/quickMessages";
import { importSchedules } from "./steps/schedules";
import { importSettings } from "./steps/settings";
import { importTags } from "./steps/tags";
import { importTicketTags, importTickets } from "./steps/tickets";
import { importUserQueues, importUsers } from "./steps/users";
import { TABLES, type ImportReport } from "./report";
import { ImportRun, type ImportOptions } from "./run";

export { reportLines } from "./report";
export type { ImportOptions, ImportReport };

/** Moves a Whaticket database's rows in; see ImportOptions. Never throws for a bad row: it is a problem in the report. */
export async function importWhaticket(db: Db, media: MediaStore, source: Source, opts: ImportOptions = {}): Promise<ImportReport> {
  const dryRun = !!opts.dryRun;
  const log = opts.log ?? (() => {});
  const report: ImportReport = { dryRun, tables: {}, problems: [], mediaCopied: 0 };
  for (const t of TABLES) report.tables[t] = { read: 0, added: 0, already: 0, merged: 0, skipped: 0 };
  const run = new ImportRun(db, media, source, opts, report);
  // messages are looked up a page at a time: a long history does not fit in memory
  for (const t of TABLES) if (t !== "Messages") await run.maps.load(t);

  // each table after those it points at, as TABLES lists them
  await importPlans(run);
  await importCompanies(run);
  await importWhatsapps(run);
  await importQueues(run);
  await importQueueOptions(run);
  await importWhatsappQueues(run);
  await importUsers(run);
  await importUserQueues(run);
  await importContacts(run);
  await importTags(run);
  const ticketInfo = await importTickets(run);
  await importTicketTags(run, ticketInfo);
  await importMessages(run, ticketInfo);
  await importQuickMessages(run);
  await importSchedules(run);
  await importSettings(run);

  log(`moved in ${Object.values(report.tables).reduce((n, t) => n + t.added, 0)} row(s)`);
  return report;
}

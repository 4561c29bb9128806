import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { companies, settings } from "../db/schema";
import { deleteCompanyData } from "../automation/deleteCompanies";
import { PLATFORM_COMPANY_ID } from "../modules/companies/manage";
import { DELETION_REQUESTED } from "../modules/companies/present";
import { CLI_FACT, CliError, cliCommand, idArgument, withCli, type Cli, type CliIo } from "./cliContext";

/**
 * What the server's deletion needs of a running app. No session runs in this process, so none to
 * let go here: a running server finds the connections' rows gone and ends their sessions (its
 * lease renewal for WhatsApp Web, ChannelManager.forgetDeleted for every channel).
 */
const deletionContext = (cli: Cli) => ({ config: cli.config, database: cli.database, db: cli.database.db, media: cli.media, channels: { forget: async () => undefined } }) as unknown as AppContext;

/**
 * Deletes a company with every row and media file it owns, as DELETE /companies/:id and the
 * deletion job do: marked first (inactive at once), then removed. Refuses without --yes.
 */
export async function deleteCompany(io: CliIo, opts: { companyId: string; yes?: boolean }) {
  const companyId = idArgument(opts.companyId, "the company id");
  if (companyId === PLATFORM_COMPANY_ID) throw new CliError("the platform's own company cannot be deleted");
  await withCli(io, async (cli) => {
    const company = await cliCommand(cli, async (tx, events) => {
      const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
      if (!row) throw new CliError(`no company has the id ${companyId}`);
      if (!opts.yes) throw new CliError(`this deletes company ${companyId} (${row.name}) with all its data and media: run again with --yes to confirm`);
      await tx.update(companies).set({ status: false, updatedAt: new Date() }).where(eq(companies.id, companyId));
      await tx
        .insert(settings)
        .values({ companyId, key: DELETION_REQUESTED, value: new Date().toISOString() })
        .onConflictDoNothing({ target: [settings.companyId, settings.key] });
      events.add({
        type: "company.deleted",
        companyId: null,
        stream: `company:${companyId}`,
        actor: { userId: null },
        data: { companyId, name: row.name, planId: row.planId, status: false, ...CLI_FACT },
      });
      return row;
    });
    await deleteCompanyData(deletionContext(cli), companyId);
    io.out(`Deleted company ${companyId} (${company.name}) with its data and media files.`);
  });
}

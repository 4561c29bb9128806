import { Command, CommanderError } from "commander";
import { ConfigError } from "../configError";
import { DatabaseError } from "../db/client";
import { CliError, type CliIo } from "./cliContext";
import { createSuperUser } from "./createSuperUser";
import { resetPassword } from "./resetPassword";
import { listCompanies } from "./listCompanies";
import { migrate } from "./migrate";
import { rotateChannelKey } from "./rotateChannelKey";
import { exportCompany } from "./exportCompany";
import { eraseContact } from "./eraseContact";
import { deleteCompany } from "./deleteCompany";
import { importWhaticketCommand } from "./importWhaticket";

/** The commands, each with its own --help; settings come from the same variables as the server's. */
function program(io: CliIo) {
  const cli = new Command("balcao")
    .description("Balcão's operator commands. Settings come from the server's environment variables (DATA_DIR, DATABASE_URL, CHANNEL_KEY, MEDIA_URL…).")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .showHelpAfterError();
  cli
    .command("create-super-user")
    .description("create a super user in the platform's company (the password is printed when none is given)")
    .requiredOption("--email <email>", "the user's email, used to sign in")
    .option("--name <name>", "the user's name (default: the email's first part)")
    .option("--password <password>", "at least 8 characters; BALCAO_PASSWORD keeps it out of the shell's history")
    .action((o) => createSuperUser(io, o));
  cli
    .command("reset-password")
    .description("set a new password for a user and end the user's sessions (the password is printed when none is given)")
    .requiredOption("--email <email>", "the user's email")
    .option("--password <password>", "at least 8 characters; BALCAO_PASSWORD keeps it out of the shell's history")
    .action((o) => resetPassword(io, o));
  cli
    .command("list-companies")
    .description("list every company: id, name, status, plan, due date and users")
    .option("--json", "print JSON instead of a table")
    .action((o) => listCompanies(io, o));
  cli
    .command("migrate")
    .description("bring the database's schema up to date (every server start does it too)")
    .action(() => migrate(io));
  cli
    .command("rotate-channel-key")
    .description("seal every channel secret (WhatsApp Web sessions, Cloud API settings, integration and webhook secrets) under a new key")
    .option("--key <key>", "the new key, 32 bytes in base64 or hex (default: a random one)")
    .action((o) => rotateChannelKey(io, o));
  cli
    .command("export-company")
    .description("write a company's data (a JSON file per table) and media files into a zip, for an LGPD/GDPR request")
    .argument("<companyId>", "the company's id (see list-companies)")
    .option("--output <file>", "where to write the zip (default: company-<id>-<date>.zip here)")
    .action((companyId, o) => exportCompany(io, { companyId, ...o }));
  cli
    .command("erase-contact")
    .description("erase a contact's personal data everywhere the company keeps it (messages, notes, schedules, lists, campaigns, webhooks, audit trail, media), keeping the rows marked erased")
    .requiredOption("--company <id>", "the contact's company")
    .option("--contact <id>", "the contact's id")
    .option("--number <number>", "the contact's number")
    .option("--yes", "confirm: the data cannot be brought back")
    .action((o) => eraseContact(io, { companyId: o.company, contactId: o.contact, number: o.number, yes: o.yes }));
  cli
    .command("delete-company")
    .description("delete a company with every row and media file it owns")
    .argument("<companyId>", "the company's id (see list-companies)")
    .option("--yes", "confirm: the company cannot be brought back")
    .action((companyId, o) => deleteCompany(io, { companyId, yes: o.yes }));
  cli
    .command("import-whaticket")
    .description("move a Whaticket SaaS database in: companies, plans, users (their passwords keep working), contacts, tickets, messages, queues, tags, quick messages, schedules, settings; a second run adds nothing")
    .requiredOption("--from <url>", "the Whaticket PostgreSQL database (postgres://user:password@host:5432/whaticket)")
    .option("--dry-run", "read everything and report counts and problems, writing nothing")
    .option("--company <id>", "only this company (its id in Whaticket)")
    .option("--media-dir <folder>", "the old backend's public folder: its files are copied into the media store")
    .option("--batch <rows>", "rows per transaction (default 500)")
    .action((o) => importWhaticketCommand(io, o));
  return cli;
}

/** Runs one command line (without node and the script); answers the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await program(io).parseAsync(argv, { from: "user" });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof CliError || err instanceof ConfigError || err instanceof DatabaseError) {
      io.err(`Error: ${err.message}`);
      return 1;
    }
    // the first line only: a failed query's next lines hold its parameters (a password's hash)
    const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message.split("\n")[0]})` : "";
    io.err(`Error: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}${cause}`);
    return 1;
  }
}

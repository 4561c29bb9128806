import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { companies, users } from "../db/schema";
import { hashPassword } from "../modules/auth/passwords";
import { PLATFORM_COMPANY_ID } from "../modules/companies/manage";
import { userStream } from "../modules/users/events";
import { CLI_FACT, CliError, cliCommand, withCli, type CliIo } from "./cliContext";
import { chosenPassword } from "./password";

interface CreateSuperUserOptions {
  email: string;
  name?: string;
  password?: string;
}

/** A super user of the platform's company: sees and manages every company. */
export async function createSuperUser(io: CliIo, opts: CreateSuperUserOptions) {
  const email = opts.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) throw new CliError(`"${opts.email}" is not an email address`);
  const name = opts.name?.trim() || email.split("@")[0];
  const { password, generated } = chosenPassword(opts.password, io.env);
  const passwordHash = await hashPassword(password);
  await withCli(io, async (cli) => {
    const user = await cliCommand(cli, async (tx, events) => {
      const [platform] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, PLATFORM_COMPANY_ID));
      if (!platform) throw new CliError("the database has no platform company yet: start the server once (it creates it), then run this again");
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      if (taken) throw new CliError(`a user with the email ${email} already exists (id ${taken.id}): use reset-password instead`);
      const [row] = await tx.insert(users).values({ companyId: PLATFORM_COMPANY_ID, name, email, passwordHash, profile: "admin", super: true, allTicket: "enabled" }).returning();
      const data = { userId: row.id, name: row.name, email: row.email, profile: row.profile, super: true, ...CLI_FACT };
      events.add({ type: "user.created", companyId: row.companyId, stream: userStream(row.id), actor: { userId: null }, data });
      return row;
    });
    io.out(`Created super user ${user.email} (id ${user.id}) in company ${PLATFORM_COMPANY_ID}.`);
    if (generated) io.out(`Password: ${password}`);
  });
}

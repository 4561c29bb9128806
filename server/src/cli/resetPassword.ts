import { and, eq, isNull, sql } from "drizzle-orm";
import { users, userSessions } from "../db/schema";
import { hashPassword } from "../modules/auth/passwords";
import { CLI_FACT, CliError, cliCommand, withCli, type CliIo } from "./cliContext";
import { chosenPassword } from "./password";

/** A new password for a user (by email); every session of the user ends, as a reset by mail does. */
export async function resetPassword(io: CliIo, opts: { email: string; password?: string }) {
  const email = opts.email.trim().toLowerCase();
  const { password, generated } = chosenPassword(opts.password, io.env);
  const passwordHash = await hashPassword(password);
  await withCli(io, async (cli) => {
    const { user, closed } = await cliCommand(cli, async (tx, events) => {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email))
        .for("update");
      if (!row) throw new CliError(`no user has the email ${email}`);
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
      const ended = await tx
        .update(userSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(userSessions.userId, row.id), isNull(userSessions.revokedAt)))
        .returning({ id: userSessions.id });
      events.add({
        type: "user.passwordReset",
        companyId: row.companyId,
        stream: `user:${row.id}`,
        actor: { userId: null },
        data: { userId: row.id, email: row.email, closedSessions: ended.length, ...CLI_FACT },
        transient: { closedSessionIds: ended.map((s) => s.id) },
      });
      return { user: row, closed: ended.length };
    });
    io.out(`Set a new password for ${user.email} (id ${user.id}, company ${user.companyId}); ${closed} session(s) ended.`);
    if (generated) io.out(`Password: ${password}`);
  });
}

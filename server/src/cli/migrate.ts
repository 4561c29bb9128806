import { withCli, type CliIo } from "./cliContext";

/** Brings the database's schema up to date, as every server start does; several at once wait for one another. */
export async function migrate(io: CliIo) {
  await withCli(io, async ({ database }) => {
    const applied = async () => (await database.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations").catch(() => [{ n: 0 }]))[0].n;
    const before = await applied();
    await database.migrate();
    const after = await applied();
    io.out(`Database (${database.kind}) up to date: ${after - before} migration(s) applied, ${after} in all.`);
  });
}

import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { eq } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { companies } from "../db/schema";
import { CLI_FACT, CliError, cliCommand, idArgument, withCli, type CliIo } from "./cliContext";
import { companyRows, exportedTables } from "./exportTables";

/**
 * A company's data for an access or portability request (LGPD/GDPR): one JSON file per table with
 * its rows (secrets, hashes and sealed values left out) and its media files, in one zip. The zip is
 * written as it goes, so a company of any size fits in little memory.
 */
export async function exportCompany(io: CliIo, opts: { companyId: string; output?: string }) {
  const companyId = idArgument(opts.companyId, "the company id");
  await withCli(io, async (cli) => {
    const { db } = cli.database;
    const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw new CliError(`no company has the id ${companyId}`);
    const file = path.resolve(opts.output ?? `company-${companyId}-${new Date().toISOString().slice(0, 10)}.zip`);
    const out = fs.createWriteStream(file, { mode: 0o600, flags: "wx" });
    await once(out, "open").catch((err: NodeJS.ErrnoException) => {
      throw new CliError(err.code === "EEXIST" ? `${file} already exists` : `cannot write ${file}: ${err.message}`);
    });
    let failed: Error | null = null;
    const zip = new Zip((err, chunk, final) => {
      if (err) failed = err;
      else out.write(chunk);
      if (final || err) out.end();
    });
    const drained = async () => {
      if (failed) throw failed;
      if (out.writableNeedDrain) await once(out, "drain");
    };
    const counts: Record<string, number> = {};
    const mediaKeys = new Set<string>();
    try {
      for (const t of exportedTables()) {
        const entry = new ZipDeflate(`data/${t.name}.json`, { level: 6 });
        zip.add(entry);
        let n = 0;
        entry.push(new TextEncoder().encode("["));
        for await (const rows of companyRows(db, t, companyId)) {
          for (const row of rows) {
            const key = row.mediaPath;
            if (typeof key === "string" && key.startsWith(`${companyId}/`)) mediaKeys.add(key);
            entry.push(new TextEncoder().encode(`${n++ ? "," : ""}\n${JSON.stringify(row)}`));
          }
          await drained();
        }
        entry.push(new TextEncoder().encode("\n]\n"), true);
        counts[t.name] = n;
      }
      const missing: string[] = [];
      for (const key of [...mediaKeys].sort()) {
        const media = await cli.media.open(companyId, key).catch(() => null);
        if (!media) {
          missing.push(key);
          continue;
        }
        const entry = new ZipPassThrough(`media/${key}`);
        zip.add(entry);
        for await (const chunk of media.stream) {
          entry.push(chunk as Uint8Array);
          await drained();
        }
        entry.push(new Uint8Array(0), true);
      }
      const manifest = { companyId, name: company.name, exportedAt: new Date().toISOString(), rows: counts, mediaFiles: mediaKeys.size - missing.length, missingMedia: missing };
      const info = new ZipDeflate("manifest.json");
      zip.add(info);
      info.push(new TextEncoder().encode(JSON.stringify(manifest, null, 2)), true);
      zip.end();
      if (!out.writableFinished) await once(out, "finish");
      if (failed) throw failed;
      const rows = Object.values(counts).reduce((a, b) => a + b, 0);
      await cliCommand(cli, async (_tx, events) =>
        events.add({ type: "company.exported", companyId: null, stream: `company:${companyId}`, actor: { userId: null }, data: { companyId, name: company.name, rows, files: manifest.mediaFiles, ...CLI_FACT } }),
      );
      io.out(`Exported company ${companyId} (${company.name}) to ${file}: ${rows} row(s) in ${Object.keys(counts).length} table(s), ${manifest.mediaFiles} media file(s).`);
      if (missing.length) io.err(`${missing.length} media file(s) named by the data were not found in the media store (listed in manifest.json).`);
    } catch (err) {
      out.destroy();
      await fs.promises.rm(file, { force: true });
      throw err;
    }
  });
}

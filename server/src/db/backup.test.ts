import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl, signUpCompany, startTestApp, type StartOptions } from "../test/harness";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Runs one of the operator's scripts as an operator would, with only the variables it reads. */
function script(name: string, folder: string, env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const run = spawnSync("bash", [path.join(root, "scripts", name), folder], { env: { PATH: process.env.PATH!, ...env }, encoding: "utf8" });
  return { code: run.status, out: run.stdout + run.stderr };
}

const onPostgres = !!process.env.DATABASE_URL;

describe(`backup and restore (${onPostgres ? "PostgreSQL" : "embedded PGlite"})`, () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  async function install() {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-backup-"));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const db = await freshDatabaseUrl();
    if (db.drop) cleanup.push(db.drop);
    const options: StartOptions = db.url ? { dataDir, databaseUrl: db.url } : { dataDir, build: { pgliteDir: path.join(dataDir, "pglite") } };
    return { dataDir, url: db.url, options };
  }

  it("brings back the companies, their records and their media in a new install", async () => {
    const source = await install();
    let t = await startTestApp(source.options);
    const owner = await signUpCompany(t.http);
    const list = (await t.http.post("/contact-lists", { name: "Clientes antigos" }, owner.token)).body as { id: number };
    const media = await t.built.ctx.media.save(owner.company.id, Buffer.from("%PDF-1.4 catálogo"), "catalogo.pdf");
    await t.close();

    const folder = path.join(source.dataDir, "..", `${path.basename(source.dataDir)}-backup`);
    cleanup.push(() => fs.rm(folder, { recursive: true, force: true }));
    const backup = script("backup.sh", folder, { DATA_DIR: source.dataDir, ...(source.url ? { DATABASE_URL: source.url } : {}) });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain("backup taken at");
    expect(backup.out).not.toMatch(/postgres:\/\//);

    const target = await install();
    const restore = script("restore.sh", folder, { DATA_DIR: target.dataDir, ...(target.url ? { DATABASE_URL: target.url } : {}) });
    expect(restore.code, restore.out).toBe(0);

    t = await startTestApp(target.options);
    try {
      const again = await t.http.login(owner.email, owner.password);
      const lists = (await t.http.get("/contact-lists", again.token)).body as { records: { id: number; name: string }[] };
      expect(lists.records).toContainEqual(expect.objectContaining({ id: list.id, name: "Clientes antigos" }));
      expect((await t.built.ctx.media.read(owner.company.id, media.key)).toString()).toBe("%PDF-1.4 catálogo");
      // a new record after the restore continues the ids, never reuses one
      const next = (await t.http.post("/contact-lists", { name: "Clientes novos" }, again.token)).body as { id: number };
      expect(next.id).toBeGreaterThan(list.id);
    } finally {
      await t.close();
    }
  }, 120_000);

  it("refuses a folder that holds no backup, and changes nothing", async () => {
    const target = await install();
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-not-a-backup-"));
    cleanup.push(() => fs.rm(empty, { recursive: true, force: true }));
    const restore = script("restore.sh", empty, { DATA_DIR: target.dataDir, ...(target.url ? { DATABASE_URL: target.url } : {}) });
    expect(restore.code).not.toBe(0);
    expect(restore.out).toContain("not a backup folder");
    expect(await fs.readdir(target.dataDir)).toEqual([]);
  });
});

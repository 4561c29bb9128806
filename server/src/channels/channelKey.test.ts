import crypto from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError } from "../config";
import { ADMIN, startTestApp, type StartOptions, type TestApp } from "../test/harness";

/** CHANNEL_KEY: every host seals and opens the channel secrets with the key it is given. */
const onPostgres = !!process.env.DATABASE_URL;
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-key-"));
  dirs.push(dir);
  return dir;
};
afterAll(async () => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

const open = (key: Buffer, sealed: string) => {
  const raw = Buffer.from(sealed.slice("gcm1:".length), "base64url");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
};

async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the channel key from the environment", () => {
  it("wins over DATA_DIR/channel.key, lets another host open the secrets, and a wrong or missing key stops the start with a clear line", async () => {
    const given = crypto.randomBytes(32);
    const fileKey = crypto.randomBytes(32);
    const dataDir = await tempDir();
    await fs.writeFile(path.join(dataDir, "channel.key"), fileKey.toString("base64"), { mode: 0o600 });
    // PGlite keeps one process per database: the hosts take turns on a database in a folder
    const pgliteDir = onPostgres ? undefined : path.join(await tempDir(), "pglite");
    const host = (env: Record<string, string>, dir: string, databaseUrl?: string): Promise<TestApp> => startTestApp({ env, dataDir: dir, databaseUrl, build: pgliteDir ? { pgliteDir } : {} } satisfies StartOptions);

    const first = await host({ CHANNEL_KEY: given.toString("hex") }, dataDir);
    const url = first.config.databaseUrl;
    let accessToken: string;
    try {
      const admin = await first.http.login(ADMIN.email, ADMIN.password);
      const secret = `EAAG${crypto.randomBytes(12).toString("hex")}`;
      const created = await first.http.post(
        "/whatsapp",
        { name: "Cloud", channel: "cloud", cloud: { phoneNumberId: "1234567890", accessToken: secret, appSecret: "s".repeat(24), verifyToken: "verify-me", graphUrl: `http://127.0.0.1:${await closedPort()}` } },
        admin.token,
      );
      expect(created.status).toBe(201);
      accessToken = (await first.built.ctx.database.query<{ token: string }>("select cloud->>'accessToken' as token from whatsapps where id = $1", [created.body.id]))[0].token;
      expect(accessToken.startsWith("gcm1:")).toBe(true);
      expect(open(given, accessToken)).toBe(secret);
      expect(() => open(fileKey, accessToken)).toThrow();
      expect(await fs.readFile(path.join(dataDir, "channel.key"), "utf8")).toBe(fileKey.toString("base64"));
      if (!onPostgres) await first.close();

      // another host, another DATA_DIR, the same key (written in base64 this time)
      const second = await host({ CHANNEL_KEY: given.toString("base64") }, await tempDir(), url);
      expect((await second.http.get("/healthz")).status).toBe(200);
      await second.close();

      await expect(host({ CHANNEL_KEY: crypto.randomBytes(32).toString("hex") }, await tempDir(), url)).rejects.toThrow(ConfigError);
      await expect(host({ CHANNEL_KEY: crypto.randomBytes(32).toString("hex") }, await tempDir(), url)).rejects.toThrow(/^Invalid configuration: CHANNEL_KEY does not open the channel secrets stored in the database/);
      // a host left to make its own channel.key is told which key to give it
      await expect(host({}, await tempDir(), url)).rejects.toThrow(/sealed under another key than DATA_DIR\/channel\.key: set CHANNEL_KEY/);
      // the first host's file key is not the one the secrets were sealed with either
      await expect(host({}, dataDir, url)).rejects.toThrow(/set CHANNEL_KEY/);
    } finally {
      if (onPostgres) await first.close();
    }
  }, 240_000);
});

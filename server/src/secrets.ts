import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
}

/**
 * JWT secrets: from the configuration when given, otherwise generated once and kept
 * in DATA_DIR/secrets.json (mode 0600) so that restarts keep sessions valid.
 */
export async function loadSecrets(dataDir: string, given: Partial<Secrets>): Promise<Secrets> {
  if (given.jwtSecret && given.jwtRefreshSecret) return given as Secrets;
  const file = path.join(dataDir, "secrets.json");
  await fs.mkdir(dataDir, { recursive: true });
  let stored: Secrets;
  try {
    stored = JSON.parse(await fs.readFile(file, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    const fresh: Secrets = {
      jwtSecret: crypto.randomBytes(48).toString("base64url"),
      jwtRefreshSecret: crypto.randomBytes(48).toString("base64url"),
    };
    try {
      await fs.writeFile(file, JSON.stringify(fresh), { mode: 0o600, flag: "wx" });
      stored = fresh;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      stored = JSON.parse(await fs.readFile(file, "utf8")); // another process won the race
    }
  }
  return { jwtSecret: given.jwtSecret ?? stored.jwtSecret, jwtRefreshSecret: given.jwtRefreshSecret ?? stored.jwtRefreshSecret };
}

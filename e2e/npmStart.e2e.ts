import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe("npm start", () => {
  it("serves the product and stops, server included, on a SIGTERM to npm", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-start-"));
    const env = { PATH: process.env.PATH!, HOME: process.env.HOME ?? dataDir, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ADMIN_PASSWORD: "start-admin-pass", LOG_LEVEL: "warn" };
    const npm = spawn("npm", ["start"], { cwd: root, env, stdio: "ignore" });
    try {
      expect(await until(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok === true, 60_000)).toBe(true);
      const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: "text/html" } });
      expect(await page.text()).toContain('<div id="root">');

      npm.kill("SIGTERM");
      expect(await until(async () => !(await portOpen(port)), 15_000)).toBe(true);
    } finally {
      npm.kill("SIGKILL");
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

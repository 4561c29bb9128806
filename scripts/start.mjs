// `npm start`: builds the web app when its sources changed since the last build, then runs the server.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "web/dist/index.html");
const sources = ["web/src", "web/index.html", "web/vite.config.ts", "common/src"].map((p) => path.join(root, p));

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (built < Math.max(...sources.map(newest))) {
  console.log("Building the web app (after a fresh clone or an update; about two minutes)…");
  const result = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// npm killed outright never forwards a signal: the server stops when this script is orphaned.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && server.kill("SIGTERM"), 1_000).unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm start`: builds the web app and the server when their sources changed since the last build
// (after a fresh clone or an update), then runs the built server on plain Node. An install
// without dev dependencies (`npm ci --omit=dev` after `npm run build`) runs what was built.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (p) => path.join(root, p);

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = (file) => (fs.existsSync(at(file)) ? fs.statSync(at(file)).mtimeMs : 0);
const canBuild = fs.existsSync(at("node_modules/vite")) && fs.existsSync(at("node_modules/esbuild"));

const parts = [
  { name: "web app", output: "web/dist/index.html", sources: ["web/src", "web/index.html", "web/vite.config.ts", "common/src"], workspace: "web", note: " (about two minutes)" },
  { name: "server", output: "server/dist/main.js", sources: ["server/src", "server/build.mjs", "common/src"], workspace: "server", note: "" },
];

for (const part of parts) {
  const built = builtAt(part.output);
  const stale = built < Math.max(...part.sources.map((p) => newest(at(p))));
  if (built && (!stale || !canBuild)) continue;
  if (!canBuild) {
    console.error(`The ${part.name} is not built and the build tools are not installed: run \`npm install\` then \`npm run build\`.`);
    process.exit(1);
  }
  console.log(`Building the ${part.name}${part.note}…`);
  const result = spawnSync("npm", ["run", "build", "-w", part.workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ["--enable-source-maps", "server/dist/main.js"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// npm killed outright never forwards a signal: the server stops when this script is orphaned.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && server.kill("SIGTERM"), 1_000).unref();
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

#!/usr/bin/env node
// `npx balcao <command>` and `npm run cli -- <command>`: the operator's commands (server/src/cli/).
// The built copy (server/dist/cli.js) runs when it is as new as the sources or when the TypeScript
// loader is not installed (`npm ci --omit=dev` after a build); otherwise the sources run.
import { spawn } from "node:child_process";
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

const builtAt = fs.existsSync(at("server/dist/cli.js")) ? fs.statSync(at("server/dist/cli.js")).mtimeMs : 0;
const hasLoader = fs.existsSync(at("node_modules/tsx"));
const fresh = builtAt >= Math.max(newest(at("server/src")), newest(at("common/src")));
let args;
if (builtAt && (fresh || !hasLoader)) args = ["--enable-source-maps", at("server/dist/cli.js")];
else if (hasLoader)
  args = ["--import", import.meta.resolve("tsx"), at("server/src/cli/main.ts")]; // the loader found from here, not from the caller's folder
else {
  console.error("The command line is not built and the build tools are not installed: run `npm install` then `npm run build`.");
  process.exit(1);
}
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { cwd: process.cwd(), stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

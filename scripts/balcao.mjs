#!/usr/bin/env node
// `npx balcao <command>` and `npm run cli -- <command>`: the operator's commands (server/src/cli/).
// The built server's copy runs when there is one; otherwise the sources, through the TypeScript loader.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "server/dist/cli.js");
// the loader is found from here, not from the folder the command is run in
const args = fs.existsSync(built) ? [built] : ["--import", import.meta.resolve("tsx"), path.join(root, "server/src/cli/main.ts")];
const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { cwd: process.cwd(), stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

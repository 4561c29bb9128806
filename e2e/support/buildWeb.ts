import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Builds the web app once per run, as `npm start` would; every journey's server serves it. */
export default function buildWeb() {
  const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
}

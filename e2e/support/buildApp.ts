import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Builds the web app and the server once per run, as `npm start` would; every journey's server runs that build. */
export default function buildApp() {
  for (const workspace of ["web", "server"]) {
    const build = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`${workspace} build failed:\n${build.stdout}\n${build.stderr}`);
  }
}

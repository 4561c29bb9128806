// Compiles the server to JavaScript modules (server/dist/main.js, and cli.js for the command line) that run on plain Node:
// its own code and @balcao/common bundled, every npm dependency left to node_modules, the SQL
// migrations copied beside it (the migrator reads them from the module's folder).
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "dist");
const dependenciesOf = (file) => Object.keys(JSON.parse(fs.readFileSync(path.join(here, file), "utf8")).dependencies ?? {});
// @balcao/common's own dependencies (zod) stay external too: one copy of each package at run time
const external = [...dependenciesOf("package.json"), ...dependenciesOf("../common/package.json")].filter((name) => name !== "@balcao/common");

fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(here, "src/main.ts"), cli: path.join(here, "src/cli/main.ts") },
  outdir: dist,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // a dependency's subpaths (drizzle-orm/pglite, …) stay external with it
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
fs.cpSync(path.join(here, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });
console.log(`server built into ${path.relative(process.cwd(), dist) || "."}`);

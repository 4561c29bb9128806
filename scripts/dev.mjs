// `npm run dev`: the server from its TypeScript sources, restarted when they change, and Vite's
// dev server for the web app (http://localhost:5173, hot reload, API calls proxied to :8080).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [spawn("npx", ["tsx", "watch", "server/src/main.ts"], { cwd: root, stdio: "inherit" }), spawn("npm", ["run", "dev", "-w", "web"], { cwd: root, stdio: "inherit" })];
const stop = (signal) => children.forEach((child) => child.kill(signal));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));
for (const child of children) child.on("exit", (code) => (stop("SIGTERM"), process.exit(code ?? 0)));

/**
 * How a Node HTTP server whose event loop is saturated admits new connections (bench/README,
 * Conclusions, "PGlite's prepared statements"). A child process serves
 * requests that each do 3 ms of synchronous work, as PGlite
 * does in the server's thread. 22 keep-alive clients keep it busy, then 60 requests on new sockets
 * arrive at once. It prints the gaps between the new sockets' first requests reaching the handler:
 * about one turn of the loop each, so the last one waits for sixty turns.
 *
 *   node --import tsx bench/diagnose/newConnections.ts
 */
import { fork } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";

const WARM = 22;
const NEW = 60;

function serve(port: number) {
  const busy = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end);
  };
  const seen = new WeakSet<object>();
  const firsts: number[] = [];
  http
    .createServer((req, res) => {
      if (!seen.has(req.socket)) {
        seen.add(req.socket);
        if (req.url === "/new") firsts.push(performance.now());
      }
      // three statements' worth of synchronous work, run one after another as a queue runs them
      Promise.resolve()
        .then(() => busy(1))
        .then(() => busy(1))
        .then(() => busy(1))
        .then(() => res.end("ok"));
    })
    .listen(port, "127.0.0.1", () => process.send!("up"));
  process.on("message", () => process.send!(firsts));
}

async function drive() {
  const port = 30_000 + Math.floor(Math.random() * 10_000);
  const child = fork(fileURLToPath(import.meta.url), ["serve", String(port)], { execArgv: ["--import", "tsx"] });
  await new Promise((resolve) => child.once("message", resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const get = (path: string) => new Promise<void>((resolve) => http.get({ agent, port, host: "127.0.0.1", path }, (res) => res.resume().on("end", resolve)));
  let stop = false;
  const warm = Array.from({ length: WARM }, async () => {
    while (!stop) await get("/warm");
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const started = performance.now();
  await Promise.all(Array.from({ length: NEW }, () => get("/new")));
  const ms = performance.now() - started;
  stop = true;
  await Promise.all(warm);
  child.send("report");
  const firsts = (await new Promise((resolve) => child.once("message", resolve))) as number[];
  const gaps = firsts
    .slice(1)
    .map((t, i) => t - firsts[i])
    .sort((a, b) => a - b);
  console.log(`${NEW} new sockets beside ${WARM} busy ones: all answered after ${ms.toFixed(0)} ms`);
  console.log(`gap between their first requests reaching the handler: median ${gaps[gaps.length >> 1].toFixed(0)} ms, max ${gaps.at(-1)!.toFixed(0)} ms`);
  child.kill();
  agent.destroy();
}

if (process.argv[2] === "serve") serve(Number(process.argv[3]));
else await drive();

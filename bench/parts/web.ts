import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { launchBrowser, browserAvailable } from "../../e2e/support/browser";
import { BENCH_PASSWORD } from "../dataset/build";
import { api } from "../lib/http";
import { holdLock } from "../lib/lock";
import { fmt, type PartResult, type Table } from "../lib/results";
import { ROOT, startBenchServer } from "../lib/server";
import { load1 } from "../lib/stats";
import type { PartContext } from "./context";

const DIST = path.join(ROOT, "web/dist");
const gzipKb = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length / 1024;

/** What index.html makes the browser fetch before anything runs: the entry script, its preloads and styles. */
function firstLoadFiles() {
  const html = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  return refs.map((ref) => {
    const data = fs.readFileSync(path.join(DIST, ref));
    return { file: ref.replace("/assets/", ""), kb: data.length / 1024, gzipKb: gzipKb(data), js: ref.endsWith(".js") };
  });
}

/** What the server sends for each first-load file to a browser that accepts brotli and gzip: encoding and bytes on the wire. */
async function sentEncodings(serverUrl: string, files: string[]) {
  const one = (file: string) =>
    new Promise<{ file: string; encoding: string; kb: number }>((resolve, reject) => {
      http
        .get(`${serverUrl}/assets/${file}`, { headers: { accept: "*/*", "accept-encoding": "gzip, deflate, br" } }, (res) => {
          let bytes = 0;
          res.on("data", (c: Buffer) => (bytes += c.length));
          res.on("end", () => resolve({ file, encoding: String(res.headers["content-encoding"] ?? "none"), kb: bytes / 1024 }));
        })
        .on("error", reject);
    });
  return Promise.all(files.map(one));
}

/** Opens /tickets signed in and returns the ms from navigation start to 40 tickets (or all there are) on screen. */
async function timeTicketList(serverUrl: string, email: string, expected: number, runs: number) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${serverUrl}/login`);
    await page.getByTestId("login-email").fill(email);
    await page.getByTestId("login-password").fill(BENCH_PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/tickets$/);
    const cdp = await context.newCDPSession(page);
    const times: { cold: boolean; ms: number; scriptKb: number; wireKb: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const cold = i === 0;
      if (cold) await cdp.send("Network.clearBrowserCache");
      await page.goto("about:blank");
      const scripts: Promise<{ body: Buffer; wire: number }>[] = [];
      const onResponse = (res: import("playwright-core").Response) => {
        if (res.request().resourceType() !== "script") return;
        const none = { body: Buffer.alloc(0), wire: 0 };
        scripts.push(
          res
            .request()
            .sizes()
            // a script taken from the browser's cache received no body bytes: it was not fetched
            .then(async ({ responseBodySize }) => (responseBodySize > 0 ? { body: await res.body(), wire: responseBodySize } : none))
            .catch(() => none),
        );
      };
      page.on("response", onResponse);
      await page.goto(`${serverUrl}/tickets`);
      const handle = await page.waitForFunction((n) => (document.querySelectorAll('[data-testid^="ticket-item-"]').length >= n ? performance.now() : false), expected, { timeout: 60_000, polling: "raf" });
      const ms = (await handle.jsonValue()) as number;
      page.off("response", onResponse);
      const fetched = await Promise.all(scripts);
      times.push({ cold, ms, scriptKb: fetched.reduce((a, f) => a + (f.wire ? gzipKb(f.body) : 0), 0), wireKb: fetched.reduce((a, f) => a + f.wire, 0) / 1024 });
    }
    return times;
  } finally {
    await browser.close();
  }
}

/**
 * The web client: gzip size of what the first load fetches, and the time for the ticket manager
 * to show its first 40 tickets in Chromium. Built and measured under the e2e lock.
 */
export async function runWeb(ctx: PartContext): Promise<PartResult> {
  const before = load1();
  const release = await holdLock("/tmp/e2e.lock", ctx.say);
  const tables: Table[] = [];
  const notes: string[] = [];
  let firstLoadJs = NaN;
  let coldMs = NaN;
  try {
    ctx.say("  web: npm run build -w web");
    const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: ROOT, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}\n${build.stderr}`);
    const files = firstLoadFiles();
    firstLoadJs = files.filter((f) => f.js).reduce((a, f) => a + f.gzipKb, 0);
    tables.push({
      title: "Web first load (files index.html loads, gzip -9)",
      headers: ["file", "kB", "kB gzip"],
      rows: [...files.map((f) => [f.file, fmt(f.kb), fmt(f.gzipKb)]), ["JavaScript total", fmt(files.filter((f) => f.js).reduce((a, f) => a + f.kb, 0)), fmt(firstLoadJs)]],
    });
    if (!browserAvailable) {
      notes.push("No Chromium: the ticket manager was not timed.");
    } else {
      const company = ctx.manifest.companies[0];
      const token = await ctx.sessions.token(company.adminEmail);
      const open = await api<{ count: number }>(ctx.server.url, "GET", "/tickets?pageNumber=1&status=open&showAll=true", undefined, token);
      const expected = Math.min(40, open.count);
      // a server of its own, started after the build so it serves this build
      const server = await startBenchServer(ctx.database);
      try {
        const sent = await sentEncodings(
          server.url,
          files.map((f) => f.file),
        );
        const encodings = [...new Set(sent.map((f) => f.encoding))].join(", ");
        notes.push(`The server sends the first-load files with Content-Encoding: ${encodings} (${fmt(sent.reduce((a, f) => a + f.kb, 0))} kB on the wire).`);
        ctx.say(`  web: timing the ticket manager (${expected} tickets)`);
        const runs = await timeTicketList(server.url, company.supervisorEmail, expected, 4);
        coldMs = runs[0].ms;
        tables.push({
          title: `Ticket manager: navigation start → ${expected} tickets on screen (Chromium, same machine)`,
          headers: ["load", "ms", "JS fetched kB (gzip -9)", "JS fetched kB as sent"],
          rows: runs.map((r, i) => [r.cold ? "cold cache" : `warm ${i}`, fmt(r.ms, 0), fmt(r.scriptKb), fmt(r.wireKb)]),
        });
      } finally {
        await server.stop();
      }
    }
  } finally {
    release();
  }
  return {
    part: "web",
    backend: ctx.backend,
    size: ctx.size,
    load: { before, after: load1() },
    tables,
    targets: [
      { target: "first-load JavaScript ≤ 350 kB gzip", measured: `${fmt(firstLoadJs)} kB`, met: firstLoadJs <= 350 },
      { target: "ticket manager shows its first 40 tickets (no numeric target)", measured: `${fmt(coldMs, 0)} ms cold`, met: null },
    ],
    notes,
    data: { firstLoadJs, coldMs, tables },
  };
}

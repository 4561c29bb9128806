import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startTestApp, type TestApp } from "../test/harness";

const SCRIPT = `console.log(${JSON.stringify("balcão ".repeat(400))});`;

/** A raw GET (fetch would decode the body): status, headers and the bytes as sent. */
function rawGet(base: string, urlPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(base + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("the web app's static files", () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    // as the web build leaves them: each asset with its brotli and gzip copies
    dist = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-dist-"));
    await fs.mkdir(path.join(dist, "assets"));
    await fs.writeFile(path.join(dist, "index.html"), "<!doctype html><title>Balcão</title>");
    await fs.writeFile(path.join(dist, "assets", "app.js"), SCRIPT);
    await fs.writeFile(path.join(dist, "assets", "app.js.br"), zlib.brotliCompressSync(SCRIPT));
    await fs.writeFile(path.join(dist, "assets", "app.js.gz"), zlib.gzipSync(SCRIPT));
    await fs.writeFile(path.join(dist, "assets", "small.js"), "1");
    await fs.writeFile(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    t = await startTestApp({ build: { webDist: dist } });
  });

  afterAll(async () => {
    await t?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it("sends the precompressed copy the browser accepts, brotli first", async () => {
    const br = await rawGet(t.http.base, "/assets/app.js", { accept: "*/*", "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toMatch(/immutable/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await rawGet(t.http.base, "/assets/app.js", { accept: "*/*", "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
  });

  it("sends the file as it is to a client that accepts no compression, or when there is no copy", async () => {
    const plain = await rawGet(t.http.base, "/assets/app.js", { accept: "*/*" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);

    const small = await rawGet(t.http.base, "/assets/small.js", { accept: "*/*", "accept-encoding": "gzip, br" });
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("1");
  });

  it("serves the files beside index.html, and index.html only to navigations", async () => {
    const icon = await rawGet(t.http.base, "/favicon.svg", { accept: "image/*" });
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/svg/);
    expect((await rawGet(t.http.base, "/index.html", { accept: "*/*" })).status).toBe(404);
  });

  it("keeps the SPA's Vary on Accept for navigations", async () => {
    const page = await rawGet(t.http.base, "/tickets", { accept: "text/html", "accept-encoding": "gzip, br" });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("<title>Balcão</title>");
    expect(page.headers.vary).toMatch(/(^|,\s*)Accept(,|$)/);
  });
});

import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import path from "node:path";

/**
 * Serves the built SPA. Browser navigations (GET, accepting HTML and not JSON) get
 * index.html whatever the path, because SPA routes share paths with the API (/tickets…).
 * Assets are looked up at request time, so a rebuild needs no restart.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  if (!fs.existsSync(distDir)) {
    app.log.warn({ distDir }, "web app not built; serving the API only");
    return;
  }
  await app.register(fastifyStatic, { root: path.join(distDir, "assets"), prefix: "/assets/", wildcard: true, maxAge: "365d", immutable: true });
  await app.register(fastifyStatic, { root: distDir, prefix: "/", wildcard: false, index: false, decorateReply: false, allowedPath: (p) => !p.endsWith(".html") });

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    const accept = request.headers.accept ?? "";
    const urlPath = request.url.split("?")[0];
    if (!accept.includes("text/html") || accept.includes("application/json")) return;
    if (urlPath.startsWith("/assets/") || urlPath.startsWith("/socket.io")) return;
    return reply.header("vary", "Accept").sendFile("index.html", distDir, { cacheControl: false });
  });

  // One URL answers HTML or JSON by Accept: caches must keep them apart, and API data is never stored.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET") reply.header("vary", "Accept");
    const type = String(reply.getHeader("content-type") ?? "");
    if (type.includes("text/html")) reply.header("cache-control", "no-cache");
    else if (type.includes("application/json") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}

import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyStatic from "@fastify/static";
import fs from "node:fs";
import path from "node:path";

/**
 * Serves the built SPA. Browser navigations (GET, accepting HTML and not JSON) get
 * index.html whatever the path, because SPA routes share paths with the API (/tickets…).
 * Assets are looked up at request time, so a rebuild needs no restart. The build writes a brotli
 * and a gzip copy beside each file (web/vite.config.ts): the one the browser accepts is sent as it is.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  if (!fs.existsSync(distDir)) {
    app.log.warn({ distDir }, "web app not built; serving the API only");
    return;
  }
  await app.register(fastifyStatic, { root: path.join(distDir, "assets"), prefix: "/assets/", wildcard: true, maxAge: "365d", immutable: true, preCompressed: true });
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: "/",
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    // without this, each asset present at start got a route here, which beat /assets/* and its one-year cache
    globIgnore: ["assets/**"],
    allowedPath: (p) => !p.endsWith(".html"),
  });

  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET") return;
    const accept = request.headers.accept ?? "";
    const urlPath = request.url.split("?")[0];
    if (!accept.includes("text/html") || accept.includes("application/json")) return;
    if (urlPath.startsWith("/assets/") || urlPath.startsWith("/socket.io") || urlPath === "/api-docs" || urlPath.startsWith("/api-docs/")) return;
    return addVary(reply, "Accept").sendFile("index.html", distDir, { cacheControl: false });
  });

  // One URL answers HTML or JSON by Accept: caches must keep them apart, and API data is never stored.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET") addVary(reply, "Accept");
    const type = String(reply.getHeader("content-type") ?? "");
    if (type.includes("text/html")) reply.header("cache-control", "no-cache");
    else if (type.includes("application/json") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}

/** Adds a header name to Vary, keeping the ones already there (the static files vary on Accept-Encoding too). */
function addVary(reply: FastifyReply, name: string) {
  const current = String(reply.getHeader("vary") ?? "");
  const names = current
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes(name.toLowerCase()) || names.includes("*")) return reply;
  return reply.header("vary", current ? `${current}, ${name}` : name);
}

import type { FastifyInstance } from "fastify";
import helmet from "@fastify/helmet";

const HSTS = "max-age=31536000; includeSubDomains";

/** The policy the built SPA runs under: its own scripts only, nothing may frame it. */
export function contentSecurityPolicy(allowedOrigins: string[]) {
  const sockets = allowedOrigins.map((origin) => origin.replace(/^http/, "ws"));
  return {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "script-src": ["'self'"],
    "script-src-attr": ["'none'"],
    // MUI's styles are injected at run time by emotion
    "style-src": ["'self'", "'unsafe-inline'"],
    // contact pictures come from the channels' servers; media and previews are blob: URLs
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "media-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    // 'self' covers the socket on the same origin (ws: and wss:)
    "connect-src": ["'self'", ...allowedOrigins, ...sockets],
    "frame-src": ["https://www.youtube-nocookie.com"],
    "object-src": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/**
 * Hardening headers on every response. HSTS is sent only over TLS (as the client saw it, through a
 * trusted proxy), so a deployment on plain HTTP is not told to switch its browsers to https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { allowedOrigins: string[] }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.allowedOrigins) },
    // the help videos' player refuses to play without the page's origin
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
    strictTransportSecurity: false,
    // another front-end origin (FRONTEND_URL) may show this server's images
    crossOriginResourcePolicy: { policy: opts.allowedOrigins.length ? "cross-origin" : "same-origin" },
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}

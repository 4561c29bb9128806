import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

/**
 * What the logs may hold: where a failure happened and what kind it was, never the values a
 * request carried. Database errors hold their query's parameters (tokens, password hashes,
 * message bodies) in their message and fields, so errors are rebuilt field by field.
 */

/** A quoted word that names a thing (a constraint, a table, a column) rather than a value. */
const IDENTIFIER = /^[a-z_][a-z0-9_.]{0,62}$/;
const MAX_TEXT = 300;

/** The first line of an error's message, with the query's parameters cut and quoted values hidden. */
export function safeMessage(message: unknown): string {
  const first = String(message ?? "")
    .split("\n", 1)[0]
    .replace(/\s*params:.*$/, "");
  const hidden = first
    .replace(/: "[^"]*"/g, ': "[hidden]"') // PostgreSQL quotes the offending value after a colon
    .replace(/"([^"]*)"/g, (whole, inner: string) => (IDENTIFIER.test(inner) ? whole : '"[hidden]"'))
    .replace(/'[^']*'/g, "'[hidden]'");
  return hidden.length > MAX_TEXT ? `${hidden.slice(0, MAX_TEXT)}…` : hidden;
}

type LoggedError = { type: string; message: string; code?: string; constraint?: string; table?: string; column?: string; routine?: string; stack?: string; cause?: LoggedError };

/** An error as a log line may show it (pino's `err` serializer). */
export function safeError(err: unknown, depth = 0): LoggedError | unknown {
  if (!err || typeof err !== "object") return typeof err === "string" ? safeMessage(err) : err;
  const e = err as Record<string, unknown> & { stack?: string; cause?: unknown };
  const out: LoggedError = { type: e.constructor?.name ?? "Object", message: safeMessage(e.message) };
  for (const key of ["code", "constraint", "table", "column", "routine"] as const) {
    if (typeof e[key] === "string" || typeof e[key] === "number") out[key] = String(e[key]).slice(0, 100);
  }
  const frames =
    typeof e.stack === "string"
      ? e.stack
          .split("\n")
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 8)
      : [];
  if (frames.length) out.stack = frames.join("\n");
  if (e.cause && depth < 3) out.cause = safeError(e.cause, depth + 1) as LoggedError;
  return out;
}

/** Paths that carry an email, a reset code or a new password (the spec's password reset calls). */
const SECRET_PATH = /^(\/+(?:forgetpassword|resetpasswords))[/;]+[^/;]/i;

function decodedPath(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The path as a log line may show it: a password reset path keeps its first segment only. */
export function safePath(pathname: string) {
  const match = SECRET_PATH.exec(decodedPath(pathname));
  return match ? `${match[1].toLowerCase().replace(/^\/+/, "/")}/[hidden]` : pathname;
}

/** A request as logged: method and path; of the query string only the names (search terms are customers' words). */
export function safeRequest(req: { method?: string; url?: string; ip?: string; id?: string }) {
  const [rawPath, query] = String(req.url ?? "").split("?", 2);
  const pathname = safePath(rawPath);
  const names = query ? [...new URLSearchParams(query).keys()] : [];
  return { method: req.method, url: names.length ? `${pathname}?${[...new Set(names)].map((n) => `${n}=…`).join("&")}` : pathname, remoteAddress: req.ip };
}

/** Fastify's logger: pino with the serializers above; `stream` lets tests read what was written. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: safeError, error: safeError, req: safeRequest } as Record<string, (value: any) => any>,
    redact: ["req.headers.authorization", "req.headers.cookie"],
  };
}

/** The logger of the request being handled, whose lines carry its request id. */
const requestLoggers = new AsyncLocalStorage<FastifyBaseLogger>();

/** Runs `work` (and what it starts) as part of the request `log` belongs to. */
export function asPartOfRequest<T>(log: FastifyBaseLogger, work: () => T): T {
  return requestLoggers.run(log, work);
}

/** Runs `work` as part of no request: what it starts outlives the request (a session, a timer). */
export function outsideRequest<T>(work: () => T): T {
  return requestLoggers.exit(work);
}

type LogFn = FastifyBaseLogger["info"];
const LEVEL_NAMES = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * The app's logger as services get it (`ctx.log`): while a request is handled it writes through
 * that request's logger, so the request id is on every line without passing loggers around;
 * elsewhere (jobs, sessions) it is the app's logger. Children stay the app's.
 */
export function requestAwareLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  const current = () => requestLoggers.getStore() ?? base;
  const logger = {
    get level() {
      return base.level;
    },
    set level(level: string) {
      base.level = level;
    },
    child: (bindings, options) => base.child(bindings, options),
  } as FastifyBaseLogger;
  for (const name of LEVEL_NAMES) logger[name] = ((...args: Parameters<LogFn>) => current()[name](...args)) as LogFn;
  return logger;
}

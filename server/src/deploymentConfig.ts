import { z } from "zod";
import { ConfigError } from "./configError";

/** Settings for running on several processes and hosts: role, shared keys, pool size, media. */

export const ROLES = ["all", "web", "worker"] as const;
export type Role = (typeof ROLES)[number];

export type MediaConfig = { kind: "disk" } | { kind: "s3"; bucket: string; prefix: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };

export interface DeploymentConfig {
  /** all: everything; web: HTTP API, web app and sockets; worker: channel sessions and jobs, HTTP for /healthz only. */
  role: Role;
  /** The key sealing channel secrets, when given to every host; otherwise DATA_DIR/channel.key. */
  channelKey?: Buffer;
  databasePoolSize: number;
  media: MediaConfig;
  /** The bearer token Prometheus sends to GET /metrics; unset: no /metrics at all. */
  metricsToken?: string;
}

const S3_VARIABLES = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

const schema = z.object({
  ROLE: z.enum(ROLES, { error: "must be all, web or worker" }).default("all"),
  CHANNEL_KEY: z.string().trim().optional(),
  DATABASE_POOL_SIZE: z.coerce.number({ error: "must be a whole number from 1 to 200" }).int("must be a whole number from 1 to 200").min(1, "must be at least 1").max(200, "must be at most 200").default(10),
  MEDIA_URL: z.string().trim().optional(),
  S3_ENDPOINT: z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && ["http:", "https:"].includes(new URL(v).protocol), "must be a URL starting with http:// or https://")
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  METRICS_TOKEN: z.string().trim().min(16, "must have at least 16 characters").optional(),
});

const fail = (variable: string, message: string): never => {
  throw new ConfigError(`Invalid configuration: ${variable} ${message}`);
};

/** 32 bytes written in hex (64 characters) or base64 (44, or 43 without padding; url-safe letters too). */
export function parseChannelKey(value: string): Buffer {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, "base64") : null;
  if (!bytes || bytes.length !== 32) return fail("CHANNEL_KEY", "must be 32 bytes written in base64 (44 characters) or hex (64 characters)");
  return bytes;
}

/** s3://bucket/prefix: the bucket's name, and the folder (maybe empty) the media go under. */
function parseMediaUrl(value: string) {
  const match = /^s3:\/\/([^/?#]+)((?:\/[^?#]*)?)$/.exec(value);
  if (!match) return fail("MEDIA_URL", "must look like s3://bucket/prefix");
  const [, bucket, rawPrefix] = match;
  if (bucket.includes("@")) return fail("MEDIA_URL", "must not hold credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return fail("MEDIA_URL", `bucket "${bucket}" is not a valid bucket name (3 to 63 lowercase letters, digits, dots and hyphens)`);
  const segments = rawPrefix.split("/").filter(Boolean);
  if (segments.some((s) => s === "." || s === ".." || !/^[\w.\-()!*']+$/.test(s))) return fail("MEDIA_URL", "prefix may hold only letters, digits and . _ - ( ) ! * ' between slashes");
  return { bucket, prefix: segments.join("/") };
}

export function loadDeploymentConfig(env: Record<string, string | undefined>): DeploymentConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(issue.path.join("."), issue.message);
  }
  const e = parsed.data;
  let media: MediaConfig = { kind: "disk" };
  if (e.MEDIA_URL) {
    if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) fail(e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID", "must be given together with the other half of the key");
    media = {
      kind: "s3",
      ...parseMediaUrl(e.MEDIA_URL),
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    };
  } else {
    const stray = S3_VARIABLES.find((name) => env[name] !== undefined);
    if (stray) fail(stray, "is set but MEDIA_URL is not (media are kept in an S3 bucket only with MEDIA_URL=s3://bucket/prefix)");
  }
  return { role: e.ROLE, channelKey: e.CHANNEL_KEY ? parseChannelKey(e.CHANNEL_KEY) : undefined, databasePoolSize: e.DATABASE_POOL_SIZE, media, metricsToken: e.METRICS_TOKEN };
}

/**
 * A web or worker process shares its work with others through the database and Redis: the embedded
 * database belongs to one process, and without Redis a worker's realtime events reach no browser.
 */
export function checkRoleNeeds(config: { role: Role; databaseUrl?: string; redisUrl?: string }) {
  if (config.role === "all") return;
  if (!config.databaseUrl) fail("ROLE", `${config.role} needs DATABASE_URL: the embedded database cannot be shared by several processes`);
  if (!config.redisUrl) fail("ROLE", `${config.role} needs REDIS_URL: it carries the socket events between web and worker processes`);
}

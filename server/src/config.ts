import { z } from "zod";
import net from "node:net";
import path from "node:path";
import { ConfigError } from "./configError";
import { loadDeploymentConfig, type DeploymentConfig } from "./deploymentConfig";
import { loadBillingConfig, type BillingConfig } from "./billingConfig";
import { loadAiConfig, type AiConfig } from "./aiConfig";

/** Every environment variable, read and validated here and nowhere else. */
const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(" or ")}//`,
    );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: urlString(["postgres:", "postgresql:"]).optional(),
  REDIS_URL: urlString(["redis:", "rediss:"]).optional(),
  ADMIN_EMAIL: z.email().default("admin@admin.com"),
  ADMIN_PASSWORD: z.string().min(8, "must have at least 8 characters").optional(),
  JWT_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  JWT_REFRESH_SECRET: z.string().min(32, "must have at least 32 characters").optional(),
  FRONTEND_URL: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: z.string().trim().optional(),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_FAILS_PER_EMAIL_IP: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILS_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).default(250),
  LOGIN_MAX_DELAY_MS: z.coerce.number().int().min(0).default(8000),
  SIGNUP_MAX_PER_IP: z.coerce.number().int().positive().default(10),
  SMTP_URL: urlString(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().trim().max(300).optional(),
  PASSWORD_RESET_MAX_PER_EMAIL: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_MAX_PER_IP: z.coerce.number().int().positive().default(20),
  WEBHOOKS_ALLOW_PRIVATE_HOSTS: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  DIALOGFLOW_API_URL: urlString(["https:", "http:"]).default("https://dialogflow.googleapis.com"),
});

/** ROLE, CHANNEL_KEY, DATABASE_POOL_SIZE and MEDIA_URL with S3_* come from deploymentConfig.ts. */
export interface Config extends DeploymentConfig, BillingConfig, AiConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminEmail: string;
  adminPassword?: string;
  jwtSecret?: string;
  jwtRefreshSecret?: string;
  allowedOrigins: string[];
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDR ranges. */
  trustProxy: false | number | string[];
  loginMaxPerIp: number;
  loginMaxFailsPerEmailIp: number;
  loginMaxFailsPerEmail: number;
  loginDelayMs: number;
  loginMaxDelayMs: number;
  signupMaxPerIp: number;
  /** Outgoing mail (password reset codes): `smtp://user:pass@host:port`, or smtps:// for TLS from the start. */
  smtpUrl?: string;
  /** The mails' sender; by default the SMTP user when it is an address, else no-reply at the SMTP host. */
  mailFrom?: string;
  /** Reset codes asked per email address, and reset requests (asks and tries) per client address, each hour. */
  passwordResetMaxPerEmail: number;
  passwordResetMaxPerIp: number;
  /** Outgoing webhooks may target loopback, private and link-local addresses (tests, closed networks). */
  webhooksAllowPrivateHosts: boolean;
  /** Where queue integrations of type dialogflow detect intents (a stand-in in tests). */
  dialogflowApiUrl: string;
}

export { ConfigError };

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

function isAddressOrRange(entry: string) {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, bits, extra] = entry.split("/");
  const version = net.isIP(address);
  if (!version || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset means forwarded headers are ignored; a number counts hops; otherwise a list of proxies. */
function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    if (Number(value) < 1) throw new ConfigError("Invalid configuration: TRUST_PROXY must be a hop count of at least 1 or a list of addresses");
    return Number(value);
  }
  const entries = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined || entries.length === 0) throw new ConfigError(`Invalid configuration: TRUST_PROXY "${bad ?? value}" is not an address, a CIDR range or a hop count`);
  return entries;
}

/** Fastify's form of TRUST_PROXY; a hop count trusts that many proxies in front, whatever their address. */
export function fastifyTrustProxy(value: Config["trustProxy"]) {
  return typeof value === "number" ? (_address: string, hop: number) => hop < value : value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  const origins = (e.FRONTEND_URL ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of origins) {
    try {
      new URL(origin);
    } catch {
      throw new ConfigError(`Invalid configuration: FRONTEND_URL "${origin}" is not a URL`);
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET,
    allowedOrigins: origins,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    loginMaxPerIp: e.LOGIN_MAX_PER_IP,
    loginMaxFailsPerEmailIp: e.LOGIN_MAX_FAILS_PER_EMAIL_IP,
    loginMaxFailsPerEmail: e.LOGIN_MAX_FAILS_PER_EMAIL,
    loginDelayMs: e.LOGIN_DELAY_MS,
    loginMaxDelayMs: e.LOGIN_MAX_DELAY_MS,
    signupMaxPerIp: e.SIGNUP_MAX_PER_IP,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    passwordResetMaxPerEmail: e.PASSWORD_RESET_MAX_PER_EMAIL,
    passwordResetMaxPerIp: e.PASSWORD_RESET_MAX_PER_IP,
    webhooksAllowPrivateHosts: e.WEBHOOKS_ALLOW_PRIVATE_HOSTS === "true",
    dialogflowApiUrl: e.DIALOGFLOW_API_URL.replace(/\/+$/, ""),
    ...loadDeploymentConfig(clean),
    ...loadBillingConfig(clean),
    ...loadAiConfig(clean),
  };
}

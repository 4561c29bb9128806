import { z } from "zod";
import path from "node:path";

/** Every environment variable, read and validated here and nowhere else. */
const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.join(" or ")}//`);

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
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_FAILS_PER_EMAIL: z.coerce.number().int().positive().default(10),
  SIGNUP_MAX_PER_IP: z.coerce.number().int().positive().default(10),
});

export interface Config {
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
  loginMaxPerIp: number;
  loginMaxFailsPerEmail: number;
  signupMaxPerIp: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}`);
  }
  const e = parsed.data;
  const origins = (e.FRONTEND_URL ?? "").split(",").map((s) => s.trim()).filter(Boolean);
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
    loginMaxPerIp: e.LOGIN_MAX_PER_IP,
    loginMaxFailsPerEmail: e.LOGIN_MAX_FAILS_PER_EMAIL,
    signupMaxPerIp: e.SIGNUP_MAX_PER_IP,
  };
}

import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { checkRoleNeeds } from "./deploymentConfig";

const key = crypto.randomBytes(32);

describe("deployment settings", () => {
  it("defaults to one process doing everything, a pool of 10, media on disk, the channel key from its file", () => {
    expect(loadConfig({})).toMatchObject({ role: "all", databasePoolSize: 10, media: { kind: "disk" }, channelKey: undefined });
  });

  it("reads the role, the pool size and the channel key in hex or base64", () => {
    expect(loadConfig({ ROLE: "web" }).role).toBe("web");
    expect(loadConfig({ ROLE: "worker" }).role).toBe("worker");
    expect(loadConfig({ DATABASE_POOL_SIZE: "1" }).databasePoolSize).toBe(1);
    expect(loadConfig({ DATABASE_POOL_SIZE: "200" }).databasePoolSize).toBe(200);
    expect(loadConfig({ CHANNEL_KEY: key.toString("hex") }).channelKey).toEqual(key);
    expect(loadConfig({ CHANNEL_KEY: key.toString("base64") }).channelKey).toEqual(key);
    expect(loadConfig({ CHANNEL_KEY: key.toString("base64url") }).channelKey).toEqual(key);
  });

  it("reads an S3 bucket with its prefix and settings", () => {
    const c = loadConfig({
      MEDIA_URL: "s3://balcao-media/prod/media/",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "sa-east-1",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(c.media).toEqual({ kind: "s3", bucket: "balcao-media", prefix: "prod/media", endpoint: "http://127.0.0.1:9000", region: "sa-east-1", accessKeyId: "id", secretAccessKey: "secret", forcePathStyle: true });
    expect(loadConfig({ MEDIA_URL: "s3://media" }).media).toMatchObject({ bucket: "media", prefix: "", region: "us-east-1", forcePathStyle: false, accessKeyId: undefined });
  });

  it.each([
    [{ ROLE: "api" }, /^Invalid configuration: ROLE must be all, web or worker$/],
    [{ ROLE: "WEB" }, /ROLE must be all, web or worker/],
    [{ DATABASE_POOL_SIZE: "0" }, /DATABASE_POOL_SIZE must be at least 1/],
    [{ DATABASE_POOL_SIZE: "201" }, /DATABASE_POOL_SIZE must be at most 200/],
    [{ DATABASE_POOL_SIZE: "ten" }, /DATABASE_POOL_SIZE must be a whole number/],
    [{ DATABASE_POOL_SIZE: "2.5" }, /DATABASE_POOL_SIZE must be a whole number/],
    [{ CHANNEL_KEY: "too-short" }, /CHANNEL_KEY must be 32 bytes written in base64 \(44 characters\) or hex \(64 characters\)/],
    [{ CHANNEL_KEY: crypto.randomBytes(16).toString("hex") }, /CHANNEL_KEY must be 32 bytes/],
    [{ CHANNEL_KEY: crypto.randomBytes(33).toString("base64") }, /CHANNEL_KEY must be 32 bytes/],
    [{ CHANNEL_KEY: "z".repeat(64) }, /CHANNEL_KEY must be 32 bytes/],
    [{ MEDIA_URL: "/var/media" }, /MEDIA_URL must look like s3:\/\/bucket\/prefix/],
    [{ MEDIA_URL: "https://bucket.example.com/x" }, /MEDIA_URL must look like s3:\/\//],
    [{ MEDIA_URL: "s3://Bad_Bucket/x" }, /MEDIA_URL bucket "Bad_Bucket" is not a valid bucket name/],
    [{ MEDIA_URL: "s3://key:secret@bucket/x" }, /MEDIA_URL must not hold credentials/],
    [{ MEDIA_URL: "s3://bucket/a/../b" }, /MEDIA_URL prefix/],
    [{ MEDIA_URL: "s3://bucket/x?y=1" }, /MEDIA_URL must look like/],
    [{ MEDIA_URL: "s3://bucket", S3_ENDPOINT: "minio:9000" }, /S3_ENDPOINT must be a URL starting with http:\/\/ or https:\/\//],
    [{ MEDIA_URL: "s3://bucket", S3_FORCE_PATH_STYLE: "yes" }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ MEDIA_URL: "s3://bucket", S3_ACCESS_KEY_ID: "id" }, /S3_SECRET_ACCESS_KEY must be given together/],
    [{ MEDIA_URL: "s3://bucket", S3_SECRET_ACCESS_KEY: "s" }, /S3_ACCESS_KEY_ID must be given together/],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /S3_ENDPOINT is set but MEDIA_URL is not/],
  ])("refuses %j naming the variable", (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it("never repeats a secret it refuses", () => {
    const secret = "s3cr3t-".repeat(4);
    expect(() => loadConfig({ CHANNEL_KEY: secret })).toThrow(/CHANNEL_KEY/);
    try {
      loadConfig({ CHANNEL_KEY: secret });
    } catch (err) {
      expect((err as Error).message).not.toContain(secret);
    }
  });

  it("has a web or worker process share a PostgreSQL database and Redis", () => {
    const db = "postgres://x@127.0.0.1/db";
    const redis = "redis://127.0.0.1:6379";
    expect(() => checkRoleNeeds(loadConfig({}))).not.toThrow();
    expect(() => checkRoleNeeds(loadConfig({ ROLE: "web", REDIS_URL: redis }))).toThrow(/^Invalid configuration: ROLE web needs DATABASE_URL/);
    expect(() => checkRoleNeeds(loadConfig({ ROLE: "worker", DATABASE_URL: db }))).toThrow(/^Invalid configuration: ROLE worker needs REDIS_URL/);
    expect(() => checkRoleNeeds(loadConfig({ ROLE: "worker", DATABASE_URL: db, REDIS_URL: redis }))).not.toThrow();
  });
});

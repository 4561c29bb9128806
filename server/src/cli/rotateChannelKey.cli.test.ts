import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { channelAuthEntries, webhookEndpoints, whatsapps } from "../db/schema";
import { seal, unseal, useChannelKey } from "../channels/sealing";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { auditRows, run } from "../test/cliRun";

let t: TestApp;
let companyId: number;
let whatsappId: number;
let webhookId: number;
beforeAll(async () => {
  t = await startTestApp();
  companyId = (await signUpCompany(t.http)).company.id;
  const dataDir = t.config.dataDir;
  const [w] = await t.built.ctx.db
    .insert(whatsapps)
    .values({ companyId, name: "Cloud", channel: "cloud", token: crypto.randomUUID(), cloud: { phoneNumberId: "1", accessToken: seal(dataDir, "access-1"), appSecret: seal(dataDir, "app-1"), verifyToken: "v" } })
    .returning();
  whatsappId = w.id;
  await t.built.ctx.db.insert(channelAuthEntries).values([
    { companyId, whatsappId, key: "creds", value: seal(dataDir, '{"me":"creds"}') },
    { companyId, whatsappId, key: "pre-key-1", value: seal(dataDir, '{"k":1}') },
  ]);
  const [hook] = await t.built.ctx.db
    .insert(webhookEndpoints)
    .values({ companyId, url: "https://hooks.example/x", events: ["message.created"], secret: seal(dataDir, "whsec_1"), secretLast4: "ec_1" })
    .returning();
  webhookId = hook.id;
});
afterAll(async () => t?.close());

/** Every secret as stored, and as it opens with the key the process now holds for the data folder. */
async function secrets() {
  const db = t.built.ctx.db;
  const [w] = await db.select().from(whatsapps).where(eq(whatsapps.id, whatsappId));
  const entries = await db.select().from(channelAuthEntries).where(eq(channelAuthEntries.whatsappId, whatsappId)).orderBy(channelAuthEntries.key);
  const [hook] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhookId));
  const stored = [w.cloud!.accessToken, w.cloud!.appSecret, ...entries.map((e) => e.value), hook.secret];
  return { stored, open: () => stored.map((v) => unseal(t.config.dataDir, v)) };
}

const PLAIN = ["access-1", "app-1", '{"me":"creds"}', '{"k":1}', "whsec_1"];

describe("balcao rotate-channel-key", () => {
  it("seals every secret again under a new key kept in channel.key, the old one beside it", async () => {
    const file = path.join(t.config.dataDir, "channel.key");
    const oldKey = await fs.readFile(file, "utf8");
    const before = await secrets();
    const r = await run(t, ["rotate-channel-key"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Sealed 5 secret value(s) again under a new channel key.");
    const newKey = await fs.readFile(file, "utf8");
    expect(newKey).not.toBe(oldKey);
    expect(await fs.readFile(`${file}.previous`, "utf8")).toBe(oldKey);
    await expect(fs.stat(`${file}.new`)).rejects.toThrow();
    const after = await secrets();
    expect(after.stored.every((v, i) => v.startsWith("gcm1:") && v !== before.stored[i])).toBe(true);
    // a fresh read of the file, as the next server start does
    useChannelKey(t.config.dataDir, undefined);
    expect(after.open()).toEqual(PLAIN);
    const trail = await auditRows(t, "channelKey.rotated");
    expect(trail).toMatchObject([{ userId: null, companyId: null, details: { source: "cli", values: 5 } }]);
  });

  it("prints the new key when CHANNEL_KEY gives the key, leaving channel.key alone", async () => {
    const file = path.join(t.config.dataDir, "channel.key");
    const current = (await fs.readFile(file, "utf8")).trim();
    const given = crypto.randomBytes(32);
    const r = await run(t, ["rotate-channel-key", "--key", given.toString("hex")], { CHANNEL_KEY: current });
    expect(r.code).toBe(0);
    expect(r.out).toContain("Set CHANNEL_KEY on every host");
    expect(r.out).toContain(given.toString("base64"));
    expect((await fs.readFile(file, "utf8")).trim()).toBe(current);
    useChannelKey(t.config.dataDir, given);
    expect((await secrets()).open()).toEqual(PLAIN);
  });

  it("changes nothing when a stored secret does not open with the current key", async () => {
    const foreignDir = `${t.config.dataDir}#foreign`;
    useChannelKey(foreignDir, crypto.randomBytes(32));
    const [hook] = await t.built.ctx.db
      .insert(webhookEndpoints)
      .values({ companyId, url: "https://hooks.example/y", events: ["message.created"], secret: seal(foreignDir, "other"), secretLast4: "ther" })
      .returning();
    const before = await secrets();
    const r = await run(t, ["rotate-channel-key"]);
    expect(r).toMatchObject({ code: 1, err: expect.stringContaining("does not open with the current key") });
    expect((await secrets()).stored).toEqual(before.stored);
    await t.built.ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    await expect(fs.stat(path.join(t.config.dataDir, "channel.key.new"))).rejects.toThrow();
  });

  it("refuses a malformed key", async () => {
    expect(await run(t, ["rotate-channel-key", "--key", "nope"])).toMatchObject({ code: 1, err: expect.stringContaining("CHANNEL_KEY must be 32 bytes") });
  });
});

import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, like, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client";
import { channelAuthEntries, prompts, queueIntegrations, webhookEndpoints, whatsapps } from "../db/schema";
import { parseChannelKey } from "../deploymentConfig";
import { seal, unseal, useChannelKey } from "../channels/sealing";
import { CLI_FACT, CliError, cliCommand, withCli, type CliIo } from "./cliContext";

const SEALED = "gcm1:%";

/** Every text column that holds a sealed secret, with what names its row. */
const SEALED_COLUMNS: { table: PgTable; column: PgColumn; where: (row: Record<string, unknown>) => SQL | undefined; keys: PgColumn[] }[] = [
  {
    table: channelAuthEntries,
    column: channelAuthEntries.value,
    keys: [channelAuthEntries.whatsappId, channelAuthEntries.key],
    where: (r) => and(eq(channelAuthEntries.whatsappId, r.k0 as number), eq(channelAuthEntries.key, r.k1 as string)),
  },
  { table: prompts, column: prompts.apiKey, keys: [prompts.id], where: (r) => eq(prompts.id, r.k0 as number) },
  { table: prompts, column: prompts.voiceKey, keys: [prompts.id], where: (r) => eq(prompts.id, r.k0 as number) },
  { table: queueIntegrations, column: queueIntegrations.jsonContent, keys: [queueIntegrations.id], where: (r) => eq(queueIntegrations.id, r.k0 as number) },
  { table: queueIntegrations, column: queueIntegrations.secret, keys: [queueIntegrations.id], where: (r) => eq(queueIntegrations.id, r.k0 as number) },
  { table: webhookEndpoints, column: webhookEndpoints.secret, keys: [webhookEndpoints.id], where: (r) => eq(webhookEndpoints.id, r.k0 as number) },
];

/** Seals again under `to` what opens under the current key; counts the values. */
async function resealAll(tx: Tx, dataDir: string, to: string) {
  const reseal = (value: string) => seal(to, unseal(dataDir, value));
  let count = 0;
  for (const { table, column, keys, where } of SEALED_COLUMNS) {
    const picked = Object.fromEntries([["value", column], ...keys.map((k, i) => [`k${i}`, k])]);
    const rows = (await tx.select(picked).from(table).where(like(column, SEALED)).for("update")) as Record<string, unknown>[];
    for (const row of rows)
      await tx
        .update(table)
        .set({ [keyOf(table, column)]: reseal(row.value as string) })
        .where(where(row));
    count += rows.length;
  }
  const clouds = await tx.select({ id: whatsapps.id, cloud: whatsapps.cloud }).from(whatsapps).for("update");
  for (const { id, cloud } of clouds) {
    if (!cloud) continue;
    const fields = (["accessToken", "appSecret"] as const).filter((f) => cloud[f]?.startsWith("gcm1:"));
    if (fields.length === 0) continue;
    await tx
      .update(whatsapps)
      .set({ cloud: { ...cloud, ...Object.fromEntries(fields.map((f) => [f, reseal(cloud[f])])) } })
      .where(eq(whatsapps.id, id));
    count += fields.length;
  }
  return count;
}

/** The property name drizzle gives `column` in `table` (update's set takes those). */
function keyOf(table: PgTable, column: PgColumn) {
  const entry = Object.entries(table).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} not in its table`);
  return entry[0];
}

/**
 * Seals every channel secret again under a new key, in one transaction, then keeps the new key:
 * in DATA_DIR/channel.key (the old one kept beside it), or, when CHANNEL_KEY gives the key, printed
 * for the operator to set on every host. Running servers keep the old key until restarted.
 */
export async function rotateChannelKey(io: CliIo, opts: { key?: string }) {
  const newKey = opts.key ? parseChannelKey(opts.key) : crypto.randomBytes(32);
  await withCli(io, async (cli) => {
    const { dataDir, channelKey: fromEnvironment } = cli.config;
    const file = path.join(dataDir, "channel.key");
    const pending = `${file}.new`;
    if (!fromEnvironment) {
      // written before the commit: a failure after it must not leave secrets no file opens
      await fs.mkdir(dataDir, { recursive: true });
      await fs.writeFile(pending, newKey.toString("base64"), { mode: 0o600 });
    }
    // the sealing module keeps one key per folder name: the new key gets a name of its own
    const target = `${dataDir}#rotating`;
    useChannelKey(target, newKey);
    let count: number;
    try {
      count = await cliCommand(cli, async (tx, events) => {
        const n = await resealAll(tx, dataDir, target);
        events.add({ type: "channelKey.rotated", companyId: null, stream: "channelKey", actor: { userId: null }, data: { values: n, ...CLI_FACT } });
        return n;
      });
    } catch (err) {
      if (!fromEnvironment) await fs.rm(pending, { force: true });
      if (err instanceof Error && /unable to authenticate|auth/i.test(err.message)) throw new CliError("a stored secret does not open with the current key (DATA_DIR/channel.key or CHANNEL_KEY): nothing was changed");
      throw err;
    } finally {
      useChannelKey(target, undefined);
    }
    useChannelKey(dataDir, newKey);
    io.out(`Sealed ${count} secret value(s) again under a new channel key.`);
    if (fromEnvironment) {
      io.out(`Set CHANNEL_KEY on every host to the new key, then restart every server process:`);
      io.out(newKey.toString("base64"));
      return;
    }
    const kept = await fs.copyFile(file, `${file}.previous`).then(
      () => true,
      () => false,
    );
    await fs.rename(pending, file);
    io.out(`Wrote the new key to ${file}${kept ? " (the previous one is in channel.key.previous)" : ""}. Restart every server process.`);
  });
}

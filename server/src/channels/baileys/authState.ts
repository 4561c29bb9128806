import { and, eq, inArray, sql } from "drizzle-orm";
import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap } from "baileys";
import type { Db } from "../../db/client";
import { channelAuthEntries } from "../../db/schema";
import { seal, unseal } from "../sealing";
import { loadBaileys, type BaileysLibrary } from "./library";

const CREDS = "creds";

/**
 * A WhatsApp Web session saved in channel_auth_entries: the credentials under "creds" and each
 * signal key under "{type}-{id}", every value JSON with Baileys' Buffer encoding, sealed with
 * the channel key. Reads of keys are one query per call and writes one transaction, as Baileys
 * asks for them in batches. Baileys' Buffer encoding is loaded with the first read or write.
 */
export class BaileysAuthStore {
  /** Set once the session is cleared: late writes of the ended socket must not bring it back. */
  private cleared = false;

  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly whatsapp: { id: number; companyId: number },
  ) {}

  private encode({ BufferJSON }: BaileysLibrary, value: unknown) {
    return seal(this.dataDir, JSON.stringify(value, BufferJSON.replacer));
  }

  private decode({ BufferJSON }: BaileysLibrary, value: string) {
    return JSON.parse(unseal(this.dataDir, value), BufferJSON.reviver);
  }

  private scope() {
    return eq(channelAuthEntries.whatsappId, this.whatsapp.id);
  }

  async hasCreds() {
    const rows = await this.db
      .select({ key: channelAuthEntries.key })
      .from(channelAuthEntries)
      .where(and(this.scope(), eq(channelAuthEntries.key, CREDS)));
    return rows.length > 0;
  }

  /** The saved credentials, or null when the connection was never paired (or was logged out). */
  async readCreds(): Promise<AuthenticationCreds | null> {
    const [row] = await this.db
      .select({ value: channelAuthEntries.value })
      .from(channelAuthEntries)
      .where(and(this.scope(), eq(channelAuthEntries.key, CREDS)));
    return row ? (this.decode(await loadBaileys(), row.value) as AuthenticationCreds) : null;
  }

  async writeCreds(creds: AuthenticationCreds) {
    await this.upsert([{ key: CREDS, value: this.encode(await loadBaileys(), creds) }]);
  }

  async getKeys<T extends keyof SignalDataTypeMap>(type: T, ids: string[]): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
    const out: { [id: string]: SignalDataTypeMap[T] } = {};
    if (ids.length === 0) return out;
    const rows = await this.db
      .select({ key: channelAuthEntries.key, value: channelAuthEntries.value })
      .from(channelAuthEntries)
      .where(
        and(
          this.scope(),
          inArray(
            channelAuthEntries.key,
            ids.map((id) => `${type}-${id}`),
          ),
        ),
      );
    const prefix = `${type}-`.length;
    const baileys = await loadBaileys();
    for (const row of rows) {
      let value = this.decode(baileys, row.value);
      if (type === "app-state-sync-key" && value) value = baileys.proto.Message.AppStateSyncKeyData.fromObject(value);
      out[row.key.slice(prefix)] = value;
    }
    return out;
  }

  /** Writes and deletes (null values) of one batch, all or nothing. */
  async setKeys(data: SignalDataSet) {
    const baileys = await loadBaileys();
    const writes: { key: string; value: string }[] = [];
    const deletes: string[] = [];
    for (const [type, entries] of Object.entries(data)) {
      for (const [id, value] of Object.entries(entries ?? {})) {
        if (value === null || value === undefined) deletes.push(`${type}-${id}`);
        else writes.push({ key: `${type}-${id}`, value: this.encode(baileys, value) });
      }
    }
    if (this.cleared || (writes.length === 0 && deletes.length === 0)) return;
    await this.db.transaction(async (tx) => {
      if (deletes.length) await tx.delete(channelAuthEntries).where(and(this.scope(), inArray(channelAuthEntries.key, deletes)));
      if (writes.length) await this.upsert(writes, tx);
    });
  }

  private async upsert(rows: { key: string; value: string }[], db: Pick<Db, "insert"> = this.db) {
    if (this.cleared) return;
    // a batch may name one key twice: the last value wins, as with a file per key
    const unique = [...new Map(rows.map((r) => [r.key, r])).values()];
    for (let i = 0; i < unique.length; i += 500) {
      await db
        .insert(channelAuthEntries)
        .values(unique.slice(i, i + 500).map((r) => ({ companyId: this.whatsapp.companyId, whatsappId: this.whatsapp.id, ...r })))
        .onConflictDoUpdate({ target: [channelAuthEntries.whatsappId, channelAuthEntries.key], set: { value: sql`excluded.value` } });
    }
  }

  /** Forgets the whole session (logged out): the next start shows a new QR code. */
  async clear() {
    this.cleared = true;
    await this.db.delete(channelAuthEntries).where(this.scope());
  }

  /** What makeWASocket takes as `auth`, with its credentials loaded (fresh ones when none are saved). */
  async load(): Promise<AuthenticationState> {
    this.cleared = false;
    const creds = (await this.readCreds()) ?? (await loadBaileys()).initAuthCreds();
    return {
      creds,
      keys: {
        get: (type, ids) => this.getKeys(type, ids),
        set: (data) => this.setKeys(data),
      },
    };
  }
}

import { asc, eq, sql } from "drizzle-orm";
import { campaignSettingsOf, type CampaignSettingItem, type CampaignSettings } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { campaignSettings } from "../../db/schema";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";

type Row = typeof campaignSettings.$inferSelect;

const present = (row: Row) => ({ id: row.id, key: row.key, value: row.value, companyId: row.companyId }) satisfies CampaignSettingItem;

/** GET /campaign-settings: the stored keys, each value as JSON text. */
export async function listCampaignSettings(db: Db, companyId: number) {
  const rows = await db.select().from(campaignSettings).where(eq(campaignSettings.companyId, companyId)).orderBy(asc(campaignSettings.key));
  return rows.map(present);
}

/** The company's settings as campaigns use them, each key missing at its default. */
export async function readCampaignSettings(db: Db, companyId: number): Promise<CampaignSettings> {
  return campaignSettingsOf(await listCampaignSettings(db, companyId));
}

/** POST /campaign-settings: every key saved together; answers the stored list. */
export async function saveCampaignSettings(ctx: AppContext, caller: Caller, settings: Partial<CampaignSettings>) {
  const values = Object.entries(settings)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ companyId: caller.companyId, key, value: JSON.stringify(value) }));
  const rows = await command(ctx, async (tx, events) => {
    const saved = await tx
      .insert(campaignSettings)
      .values(values)
      .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value: sql`excluded.value`, updatedAt: new Date() } })
      .returning();
    events.add({
      type: "campaignSettings.updated",
      companyId: caller.companyId,
      stream: `campaignSettings:${caller.companyId}`,
      actor: actorOf(caller),
      data: { keys: saved.map((r) => r.key) },
    });
    return saved;
  });
  return rows.sort((a, b) => a.key.localeCompare(b.key)).map(present);
}

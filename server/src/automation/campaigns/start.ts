import { and, eq, lte, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { campaigns } from "../../db/schema";
import { command } from "../../events/command";
import { campaignUpdated } from "../../modules/campaigns/events";
import { findCampaignRecord } from "../../modules/campaigns/service";
import { campaignClock } from "./clock";
import { rowsOf } from "../../channels/sqlRows";

/**
 * One shipping record per contact of the campaign's list that may get it (not known to be off
 * WhatsApp, not opted out, not already in this campaign), in the list's order after those it has:
 * one statement. A restarted campaign keeps its records; a contact added to the list since joins the end.
 */
export async function createShippings(tx: Tx, campaign: { id: number; companyId: number; contactListId: number | null }) {
  if (!campaign.contactListId) return 0;
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`
    insert into campaign_shippings (company_id, campaign_id, position, number, name, email, contact_list_item_id)
    select i.company_id, ${campaign.id}::int,
      coalesce((select max(s.position) from campaign_shippings s where s.campaign_id = ${campaign.id}::int), 0) + row_number() over (order by i.id),
      i.number, i.name, i.email, i.id
    from contact_list_items i
    where i.company_id = ${campaign.companyId}::int and i.contact_list_id = ${campaign.contactListId}::int
      and i.is_whatsapp_valid is not false
      and not exists (select 1 from campaign_opt_outs o where o.company_id = i.company_id and o.number = i.number)
      and not exists (select 1 from campaign_shippings s where s.campaign_id = ${campaign.id}::int and s.number = i.number)
    on conflict (campaign_id, number) do nothing
    returning id`,
  );
  return rows.length;
}

/**
 * Starts each PROGRAMADA campaign whose time has come, also one whose time passed while no
 * server ran. The claim is a guarded UPDATE (still PROGRAMADA, due) RETURNING the row: of two
 * processes or two runs only one starts it, and its shipping records commit with the start.
 */
export async function startDueCampaigns(ctx: AppContext, now = campaignClock(ctx).now()) {
  const due = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, "PROGRAMADA"), lte(campaigns.scheduledAt, now)));
  const started: number[] = [];
  for (const { id } of due) {
    const ok = await command(ctx, async (tx, events) => {
      const [row] = await tx
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", nextSendAt: null, completedAt: null, updatedAt: new Date() })
        .where(and(eq(campaigns.id, id), eq(campaigns.status, "PROGRAMADA"), lte(campaigns.scheduledAt, now)))
        .returning();
      if (!row) return false;
      await createShippings(tx, row);
      events.add(campaignUpdated((await findCampaignRecord(tx, row.companyId, id))!, ["status"]));
      return true;
    });
    if (ok) started.push(id);
  }
  return started;
}

/** A restarted campaign that never started (cancelled while PROGRAMADA) gets its shipping records now. */
export async function ensureShippings(ctx: AppContext, campaignId: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "EM_ANDAMENTO")))
      .for("update");
    if (row) await createShippings(tx, row);
  });
}

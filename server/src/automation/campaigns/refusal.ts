import { and, eq, sql } from "drizzle-orm";
import { CAMPAIGN_SEND_ATTEMPTS } from "@balcao/common";
import type { AppContext } from "../../context";
import { campaigns, campaignShippings, contactListItems, messages } from "../../db/schema";
import type { Tx } from "../../db/client";
import { command } from "../../events/command";
import type { EventLog } from "../../events/record";
import { campaignProgressed } from "../../modules/campaigns/events";
import { presentContactListItem } from "../../modules/contactLists/present";
import { contactListItemsChanged } from "../../modules/contactLists/events";

const MINUTE = 60_000;

/** A refused contact is tried again after 1 minute, then 5: long enough for a passing channel error to clear. */
export const retryDelayMs = (attempts: number) => MINUTE * 5 ** Math.max(0, attempts - 1);

/** The campaign's extra pause after `failures` refusals in a row: 15 s, doubling, at most 10 minutes. */
export const backoffMs = (failures: number) => Math.min(10 * MINUTE, 15_000 * 2 ** Math.max(0, failures - 1));

/**
 * What the channel did with a contact's first message, recorded on its shipping. Refused: the
 * contact is tried again later (the same stored messages), or, at the last attempt, given up and
 * its list item marked not valid so later campaigns skip it; the campaign slows down while
 * refusals follow each other. Sent: the run of refusals ends. A message waiting for its
 * connection's holder is neither: the outbox sends it later.
 */
export async function settleSend(ctx: AppContext, campaignId: number, shippingId: number, messageId: number, now: Date) {
  const [message] = await ctx.db.select({ sendStatus: messages.sendStatus }).from(messages).where(eq(messages.id, messageId));
  if (message?.sendStatus === "sent") {
    await ctx.db
      .update(campaigns)
      .set({ consecutiveFailures: 0 })
      .where(and(eq(campaigns.id, campaignId), sql`${campaigns.consecutiveFailures} > 0`));
    return "sent" as const;
  }
  if (message?.sendStatus !== "failed") return "waiting" as const;
  await command(ctx, async (tx, events) => {
    const [shipping] = await tx
      .update(campaignShippings)
      .set({ attempts: sql`${campaignShippings.attempts} + 1`, deliveredAt: null, confirmationRequestedAt: null, updatedAt: new Date() })
      .where(eq(campaignShippings.id, shippingId))
      .returning();
    if (!shipping) return;
    if (shipping.attempts >= CAMPAIGN_SEND_ATTEMPTS) {
      await tx.update(campaignShippings).set({ failedAt: now, failure: "ERR_SENDING_WAPP_MSG", retryAt: null }).where(eq(campaignShippings.id, shippingId));
      if (shipping.contactListItemId) await markNotValid(tx, shipping.companyId, shipping.contactListItemId, events);
    } else {
      await tx
        .update(campaignShippings)
        .set({ retryAt: new Date(now.getTime() + retryDelayMs(shipping.attempts)) })
        .where(eq(campaignShippings.id, shippingId));
    }
    const [campaign] = await tx
      .update(campaigns)
      .set({ consecutiveFailures: sql`${campaigns.consecutiveFailures} + 1` })
      .where(eq(campaigns.id, campaignId))
      .returning({ failures: campaigns.consecutiveFailures, nextSendAt: campaigns.nextSendAt });
    if (campaign) {
      const until = now.getTime() + backoffMs(campaign.failures);
      if (!campaign.nextSendAt || campaign.nextSendAt.getTime() < until)
        await tx
          .update(campaigns)
          .set({ nextSendAt: new Date(until) })
          .where(eq(campaigns.id, campaignId));
    }
    events.add(campaignProgressed(shipping.companyId, campaignId));
  });
  return "refused" as const;
}

/** A number the channel refused every time: shown not valid on its list, skipped by the company's later campaigns. */
async function markNotValid(tx: Tx, companyId: number, itemId: number, events: EventLog) {
  const [item] = await tx
    .update(contactListItems)
    .set({ isWhatsappValid: false, updatedAt: new Date() })
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, itemId)))
    .returning();
  if (item) events.add(contactListItemsChanged("contactListItems.checked", companyId, item.contactListId, [presentContactListItem(item)], { userId: null }));
}

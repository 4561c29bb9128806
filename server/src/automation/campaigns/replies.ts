import { and, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { optOutWord as optOutWordRule } from "@balcao/common";
import type { AppContext } from "../../context";
import { campaignOptOuts, campaigns, campaignShippings, contacts, messages } from "../../db/schema";
import { command } from "../../events/command";
import { campaignProgressed } from "../../modules/campaigns/events";
import { readCampaignSettings } from "../../modules/campaignSettings/service";
import { sendStaged, stagedEvents } from "../outbox";
import { stageForContact } from "./stage";

/** Longer answers are never an opt-out word (the settings keep words of at most 30 characters). */
const LONGEST_WORD = 30;

/** The opt-out word a whole answer is, among `words`, whatever its case and spaces; null for any other answer. */
export function optOutWord(body: string, words: readonly string[]): string | null {
  const parsed = optOutWordRule.safeParse(body);
  return parsed.success && words.includes(parsed.data) ? parsed.data : null;
}

/**
 * The number asks to be left out: recorded for the company (every list's number, every later
 * campaign), and whatever it was still due in any campaign is not sent. The reports of the
 * campaigns that reached it count it.
 */
async function optOut(ctx: AppContext, companyId: number, number: string, word: string) {
  await command(ctx, async (tx, events) => {
    await tx.insert(campaignOptOuts).values({ companyId, number, word }).onConflictDoNothing();
    await tx
      .update(campaignShippings)
      .set({ failedAt: new Date(), failure: "opted out", retryAt: null, updatedAt: new Date() })
      .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.number, number), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt)));
    const reached = await tx
      .selectDistinct({ campaignId: campaignShippings.campaignId })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.number, number)));
    events.add(...reached.map((r) => campaignProgressed(companyId, r.campaignId)));
  });
}

/** The contact answered a confirmation question: the campaign's message goes out, once. */
async function confirm(ctx: AppContext, companyId: number, number: string) {
  const awaiting = await ctx.db
    .select({ id: campaignShippings.id })
    .from(campaignShippings)
    .innerJoin(campaigns, eq(campaigns.id, campaignShippings.campaignId))
    .where(
      and(
        eq(campaignShippings.companyId, companyId),
        eq(campaignShippings.number, number),
        isNotNull(campaignShippings.confirmationRequestedAt),
        isNull(campaignShippings.confirmedAt),
        isNull(campaignShippings.failedAt),
        ne(campaigns.status, "CANCELADA"),
      ),
    );
  for (const { id } of awaiting) {
    const done = await command(ctx, async (tx, events) => {
      // the guard is the claim: an answer read twice (a redelivered event) sends nothing more
      const [shipping] = await tx
        .update(campaignShippings)
        .set({ confirmedAt: new Date(), deliveredAt: new Date(), updatedAt: new Date() })
        .where(and(eq(campaignShippings.id, id), isNull(campaignShippings.confirmedAt), isNull(campaignShippings.failedAt)))
        .returning();
      if (!shipping) return null;
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, shipping.campaignId));
      if (!campaign?.whatsappId || campaign.status === "CANCELADA") return null;
      const staged = await stageForContact(tx, campaign, { number: shipping.number, name: shipping.name }, shipping.message, true);
      events.add(...stagedEvents(staged.ticket, staged.staged), campaignProgressed(companyId, campaign.id));
      return staged;
    });
    if (done) await sendStaged(ctx, done.staged, done.ticket);
  }
}

/**
 * A customer's message: an opt-out word, or the answer to a campaign's confirmation question.
 * `known`: the message's text and the contact's number as the inbound command had them; then an
 * ordinary message costs one indexed look-up (is a question awaiting this number?) and nothing else.
 */
export async function handleCampaignReply(ctx: AppContext, companyId: number, messageId: number, known?: { body: string; number: string }) {
  let reply = known;
  if (!reply) {
    const [row] = await ctx.db
      .select({ body: messages.body, fromMe: messages.fromMe, number: contacts.number })
      .from(messages)
      .innerJoin(contacts, eq(contacts.id, messages.contactId))
      .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
    if (!row || row.fromMe || !row.number) return;
    reply = { body: row.body ?? "", number: row.number };
  }
  if (!reply.number) return;
  // only a short answer may be an opt-out word: an ordinary message reads no settings
  if (reply.body.trim().length <= LONGEST_WORD) {
    const word = optOutWord(reply.body, (await readCampaignSettings(ctx.db, companyId)).optOutWords);
    if (word) return optOut(ctx, companyId, reply.number, word);
  }
  await confirm(ctx, companyId, reply.number);
}

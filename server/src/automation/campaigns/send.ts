import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { campaigns, campaignShippings, messages, whatsapps } from "../../db/schema";
import { command } from "../../events/command";
import { campaignUpdated } from "../../modules/campaigns/events";
import { findCampaignRecord } from "../../modules/campaigns/service";
import { readCampaignSettings } from "../../modules/campaignSettings/service";
import { sendStaged, stagedEvents } from "../outbox";
import { campaignClock, type CampaignClock } from "./clock";
import { chooseMessage, fillCampaignVariables, pauseAfter } from "./message";
import { stageForContact } from "./stage";

/** How long a campaign whose connection is down waits before it looks again. */
export const CONNECTION_RETRY_MS = 30_000;

export type Step = { kind: "sent"; shippingId: number } | { kind: "wait"; ms: number } | { kind: "finished" } | { kind: "stopped" };

/** Not yet sent to: neither its message nor its question went out, and it did not fail. */
const pending = and(isNull(campaignShippings.deliveredAt), isNull(campaignShippings.confirmationRequestedAt), isNull(campaignShippings.failedAt));

/**
 * One step of a running campaign, in one transaction: the campaign's row locked (its sender in
 * every process takes turns), its next contact claimed (FOR UPDATE SKIP LOCKED), the message
 * stored pending and the shipping marked sent together, and the next send's time set from the
 * pacing. The channel gets the messages after the commit; one a stop left pending is re-sent by
 * the outbox's sweep, never staged twice. Answers what the sender does next.
 */
export async function sendNext(ctx: AppContext, campaignId: number, clock: CampaignClock = campaignClock(ctx)): Promise<Step> {
  const now = clock.now();
  const result = await command(ctx, async (tx, events) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "EM_ANDAMENTO")))
      .for("update");
    if (!campaign || !campaign.whatsappId) return { step: { kind: "stopped" } as Step };
    // a connection that is down sends nothing: the campaign waits for it rather than use up its list
    const [connection] = await tx.select({ status: whatsapps.status }).from(whatsapps).where(eq(whatsapps.id, campaign.whatsappId));
    if (connection?.status !== "CONNECTED") return { step: { kind: "wait", ms: CONNECTION_RETRY_MS } as Step };
    const [shipping] = await tx
      .select()
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, campaignId), pending))
      .orderBy(asc(campaignShippings.position))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!shipping) {
      await tx.update(campaigns).set({ status: "FINALIZADA", completedAt: now, nextSendAt: null, updatedAt: new Date() }).where(eq(campaigns.id, campaignId));
      const record = (await findCampaignRecord(tx, campaign.companyId, campaignId))!;
      events.add(campaignUpdated(record, ["status", "completedAt"]));
      return { step: { kind: "finished" } as Step };
    }
    if (campaign.nextSendAt && campaign.nextSendAt.getTime() > now.getTime()) return { step: { kind: "wait", ms: campaign.nextSendAt.getTime() - now.getTime() } as Step };

    const settings = await readCampaignSettings(tx, campaign.companyId);
    const chosen = chooseMessage(campaign, clock.random());
    const contact = { name: shipping.name, number: shipping.number, email: shipping.email };
    const message = fillCampaignVariables(chosen.message, settings, contact);
    const question = fillCampaignVariables(chosen.confirmationMessage, settings, contact);
    const asks = question.trim() !== "";
    const { ticket, staged } = await stageForContact(tx, campaign, contact, asks ? question : message, !asks);
    await tx
      .update(campaignShippings)
      .set({
        message,
        confirmationMessage: question,
        ticketId: ticket.id,
        ...(asks ? { confirmationRequestedAt: now } : { deliveredAt: now }),
        updatedAt: new Date(),
      })
      .where(eq(campaignShippings.id, shipping.id));
    events.add(...stagedEvents(ticket, staged));
    // the pause after this one: the shippings already sent, this one included, say where the pacing is
    const [{ sent }] = await tx
      .select({ sent: sql<number>`count(*)::int` })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, campaignId), sql`(${campaignShippings.deliveredAt} is not null or ${campaignShippings.confirmationRequestedAt} is not null)`));
    const pause = pauseAfter(sent, settings, clock.random());
    await tx.update(campaigns).set({ nextSendAt: new Date(now.getTime() + pause) }).where(eq(campaigns.id, campaignId));
    return { step: { kind: "sent", shippingId: shipping.id } as Step, ticket, staged };
  });
  if ("staged" in result && result.staged) {
    await sendStaged(ctx, result.staged, result.ticket);
    if (result.step.kind === "sent" && result.staged[0]) await recordRefusal(ctx, result.step.shippingId, result.staged[0].id);
  }
  return result.step;
}

/**
 * The channel refused the contact's first message (its text, or its question): the record shows
 * the failure rather than a delivery. The message stays in the ticket, where it may be sent again.
 * A message waiting for its connection's holder is not a failure: the outbox sends it later.
 */
async function recordRefusal(ctx: AppContext, shippingId: number, messageId: number) {
  const [message] = await ctx.db.select({ sendStatus: messages.sendStatus }).from(messages).where(eq(messages.id, messageId));
  if (message?.sendStatus !== "failed") return;
  await ctx.db
    .update(campaignShippings)
    .set({ failedAt: new Date(), failure: "ERR_SENDING_WAPP_MSG", deliveredAt: null, confirmationRequestedAt: null, updatedAt: new Date() })
    .where(eq(campaignShippings.id, shippingId));
}

/**
 * Sends a running campaign to its end, one contact at a time at the settings' pace, until it
 * finishes, is cancelled or deleted, or `signal` aborts (the process stops; another run goes on
 * from the first contact not sent to).
 */
export async function runCampaign(ctx: AppContext, campaignId: number, signal?: AbortSignal, clock: CampaignClock = campaignClock(ctx)) {
  while (!signal?.aborted) {
    const step = await sendNext(ctx, campaignId, clock);
    if (step.kind === "finished" || step.kind === "stopped") return step.kind;
    if (step.kind === "wait") await clock.sleep(step.ms, signal);
  }
  return "aborted" as const;
}

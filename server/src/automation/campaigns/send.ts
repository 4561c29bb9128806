import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { CAMPAIGN_CHANNEL_MIN_PAUSE_MS, type CampaignSettings, type TemplateSendBody } from "@balcao/common";
import { prepareTemplate } from "../../modules/messages/templates";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { campaigns, campaignShippings, messages, tickets, whatsapps } from "../../db/schema";
import { command } from "../../events/command";
import { campaignProgressed, campaignUpdated } from "../../modules/campaigns/events";
import { presentTicket, type TicketView } from "../../modules/tickets/present";
import { findCampaignRecord } from "../../modules/campaigns/service";
import { readCampaignSettings } from "../../modules/campaignSettings/service";
import { sendStaged, stagedEvents } from "../outbox";
import { campaignClock, type CampaignClock } from "./clock";
import { chooseMessage, fillCampaignVariables, pauseAfter } from "./message";
import { stageForContact } from "./stage";
import { settleSend } from "./refusal";

type MessageRow = typeof messages.$inferSelect;

/** How long a campaign whose connection is down waits before it looks again. */
export const CONNECTION_RETRY_MS = 30_000;

export type Step = { kind: "sent"; shippingId: number } | { kind: "wait"; ms: number } | { kind: "finished" } | { kind: "stopped" };

/** Not yet sent to: neither its message nor its question went out, and it was not given up. */
const pending = and(isNull(campaignShippings.deliveredAt), isNull(campaignShippings.confirmationRequestedAt), isNull(campaignShippings.failedAt));

type Staging = { ticket: TicketView; staged: MessageRow[] };

/**
 * One step of a running campaign, in one transaction: the campaign's row locked (its sender in
 * every process takes turns), its next contact claimed (FOR UPDATE SKIP LOCKED; a refused one
 * once its retry time has come), the message stored pending and the shipping marked sent
 * together, and the next send's time set from the pacing and the channel's floor. The channel
 * gets the messages after the commit; one a stop left pending is re-sent by the outbox's sweep,
 * never staged twice. Answers what the sender does next.
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
    const [connection] = await tx.select({ status: whatsapps.status, channel: whatsapps.channel }).from(whatsapps).where(eq(whatsapps.id, campaign.whatsappId));
    if (connection?.status !== "CONNECTED") return { step: { kind: "wait", ms: CONNECTION_RETRY_MS } as Step };
    const [shipping] = await tx
      .select()
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, campaignId), pending, or(isNull(campaignShippings.retryAt), lte(campaignShippings.retryAt, now))))
      .orderBy(asc(campaignShippings.position))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!shipping) {
      // refused contacts waiting for their next try keep the campaign running
      const [{ retryAt }] = await tx
        .select({ retryAt: sql<string | null>`min(${campaignShippings.retryAt})` })
        .from(campaignShippings)
        .where(and(eq(campaignShippings.campaignId, campaignId), pending));
      if (retryAt) return { step: { kind: "wait", ms: Math.max(0, new Date(retryAt).getTime() - now.getTime()) } as Step };
      await tx.update(campaigns).set({ status: "FINALIZADA", completedAt: now, nextSendAt: null, updatedAt: new Date() }).where(eq(campaigns.id, campaignId));
      const record = (await findCampaignRecord(tx, campaign.companyId, campaignId))!;
      events.add(campaignUpdated(record, ["status", "completedAt"]));
      return { step: { kind: "finished" } as Step };
    }
    if (campaign.nextSendAt && campaign.nextSendAt.getTime() > now.getTime()) return { step: { kind: "wait", ms: campaign.nextSendAt.getTime() - now.getTime() } as Step };

    const settings = await readCampaignSettings(tx, campaign.companyId);
    const retried = shipping.attempts > 0 && shipping.messageIds?.length ? await restage(tx, campaign.companyId, shipping) : null;
    let asks: boolean;
    let staging: Staging;
    if (retried) {
      asks = shipping.confirmationMessage.trim() !== "";
      staging = retried;
      await tx
        .update(campaignShippings)
        .set({ ...(asks ? { confirmationRequestedAt: now } : { deliveredAt: now }), retryAt: null, updatedAt: new Date() })
        .where(eq(campaignShippings.id, shipping.id));
    } else {
      const contact = { name: shipping.name, number: shipping.number, email: shipping.email };
      // on Cloud API the campaign writes first, outside any service window: only its template goes
      const template = campaign.template && connection.channel === "cloud" ? await templateFor(tx, campaign.companyId, campaign.whatsappId, campaign.template, settings, contact) : null;
      const chosen = template ? { message: template.text, confirmationMessage: "" } : chooseMessage(campaign, clock.random());
      const message = template ? template.text : fillCampaignVariables(chosen.message, settings, contact);
      const question = fillCampaignVariables(chosen.confirmationMessage, settings, contact);
      asks = question.trim() !== "";
      staging = await stageForContact(tx, campaign, contact, asks ? question : message, !asks, template?.message);
      await tx
        .update(campaignShippings)
        .set({
          message,
          confirmationMessage: question,
          ticketId: staging.ticket.id,
          messageIds: staging.staged.map((m) => m.id),
          retryAt: null,
          ...(asks ? { confirmationRequestedAt: now } : { deliveredAt: now }),
          updatedAt: new Date(),
        })
        .where(eq(campaignShippings.id, shipping.id));
      events.add(...stagedEvents(staging.ticket, staging.staged));
    }
    events.add(campaignProgressed(campaign.companyId, campaignId));
    // the pause after this one: the shippings already sent, this one included, say where the pacing is
    const [{ sent }] = await tx
      .select({ sent: sql<number>`count(*)::int` })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, campaignId), sql`(${campaignShippings.deliveredAt} is not null or ${campaignShippings.confirmationRequestedAt} is not null)`));
    const pause = pauseAfter(sent, settings, clock.random(), CAMPAIGN_CHANNEL_MIN_PAUSE_MS[connection.channel] ?? 0);
    await tx
      .update(campaigns)
      .set({ nextSendAt: new Date(now.getTime() + pause) })
      .where(eq(campaigns.id, campaignId));
    return { step: { kind: "sent", shippingId: shipping.id } as Step, ...staging };
  });
  if ("staged" in result && result.staged) {
    await sendStaged(ctx, result.staged, result.ticket);
    if (result.step.kind === "sent" && result.staged[0]) await settleSend(ctx, campaignId, result.step.shippingId, result.staged[0].id, clock.now());
  }
  return result.step;
}

/** The campaign's template with the contact's placeholders filled in its variables, checked against the connection's templates. */
function templateFor(tx: Tx, companyId: number, whatsappId: number, choice: TemplateSendBody, settings: CampaignSettings, contact: { name: string; number: string; email: string }) {
  const fill = (values: string[] | undefined) => (values ?? []).map((v) => fillCampaignVariables(v, settings, contact));
  return prepareTemplate(tx, companyId, whatsappId, { ...choice, variables: fill(choice.variables), headerVariables: fill(choice.headerVariables), buttonVariables: fill(choice.buttonVariables) });
}

/**
 * The messages stored for a refused contact, to be sent again: those still failed, in their
 * order. None left (deleted with their ticket, or sent again by hand): nothing to send.
 */
async function restage(tx: Tx, companyId: number, shipping: { ticketId: number | null; messageIds: number[] | null }): Promise<Staging | null> {
  if (!shipping.ticketId) return null;
  const [ticketRow] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, shipping.ticketId)));
  if (!ticketRow) return null;
  const staged = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.id, shipping.messageIds ?? []), eq(messages.sendStatus, "failed")))
    .orderBy(asc(messages.id));
  return { ticket: await presentTicket(tx, ticketRow), staged };
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

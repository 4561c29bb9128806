import type { Listener } from "../events/types";
import { handleCampaignReply } from "../automation/campaigns/replies";

/**
 * A customer's message may opt the number out of campaigns, or confirm a campaign's question.
 * Settled aside: the message it then sends is an event of the same ticket's stream, which must
 * not wait for this one.
 */
export const campaignReplies: Listener = {
  name: "campaigns.replies",
  accepts: (type) => type === "message.created",
  async handle(ctx, event) {
    const data = event.data as { messageId?: number; fromMe?: boolean };
    if (data.fromMe || !event.companyId || !data.messageId) return;
    const given = event.transient as { ticket?: { contact?: { number?: string } }; message?: { body?: string } } | undefined;
    const number = given?.ticket?.contact?.number;
    const known = number && typeof given?.message?.body === "string" ? { body: given.message.body, number } : undefined;
    const settled = handleCampaignReply(ctx, event.companyId, data.messageId, known).catch((err) => ctx.log?.warn({ err, messageId: data.messageId }, "campaign reply not handled"));
    return { settled };
  },
};

import type { Listener } from "../events/types";
import { ticketsRealtime } from "./realtime/tickets";
import { slaStamps } from "./sla";
import { realtimeFamilies } from "./realtime/families";
import { announcementsRealtime } from "./realtime/announcements";
import { webhooks } from "./webhooks";
import { auditLog } from "./audit";
import { inboundAutomation } from "./automation";
import { campaignReplies } from "./campaigns";
import { queueIntegrationBots } from "./integrations";
import { aiPrompts } from "./ai";
import { automaticAssignment } from "./assignment";
import { assignmentsRealtime } from "./realtime/assignments";

/**
 * Every listener of domain events, in the order they run for one event. Realtime first: attendants
 * see a change before anything reacts to it.
 */
export function allListeners(): Listener[] {
  return [ticketsRealtime, slaStamps, ...realtimeFamilies, announcementsRealtime, assignmentsRealtime, inboundAutomation, aiPrompts, queueIntegrationBots, automaticAssignment, campaignReplies, auditLog, webhooks];
}

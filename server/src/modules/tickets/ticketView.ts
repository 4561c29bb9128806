import type { ContactView, TagRef, TicketView } from "@balcao/common";
import { queues, tags, tickets, users, whatsapps } from "../../db/schema";
import { viewShape } from "../../db/viewShape";

/** The parts of a ticket's view that come from other tables, each declared once like the view itself. */
export const TICKET_USER = viewShape<NonNullable<TicketView["user"]>>()(users, () => ({ id: "id", name: "name" }));
export const TICKET_QUEUE = viewShape<NonNullable<TicketView["queue"]>>()(queues, () => ({ id: "id", name: "name", color: "color" }));
export const TICKET_CONNECTION = viewShape<NonNullable<TicketView["whatsapp"]>>()(whatsapps, () => ({ id: "id", name: "name", status: "status" }));
export const TICKET_TAG = viewShape<TagRef>()(tags, () => ({ id: "id", name: "name", color: "color" }));

export interface TicketViewParts {
  contact: ContactView;
  user: TicketView["user"];
  queue: TicketView["queue"];
  whatsapp: TicketView["whatsapp"];
  tags: TicketView["tags"];
  serviceWindowEndsAt: TicketView["serviceWindowEndsAt"];
  sla: TicketView["sla"];
}

/** The ticket's view: the one declaration its presenter and the statements that build it in SQL share. */
export const TICKET_VIEW = viewShape<TicketView, TicketViewParts>()(tickets, (f) => ({
  id: "id",
  uuid: "uuid",
  status: "status",
  unreadMessages: "unreadMessages",
  lastMessage: "lastMessage",
  isGroup: "isGroup",
  chatbot: "chatbot",
  useIntegration: "useIntegration",
  integrationId: "integrationId",
  promptId: "promptId",
  companyId: "companyId",
  contactId: "contactId",
  userId: "userId",
  queueId: "queueId",
  whatsappId: "whatsappId",
  createdAt: f.iso("createdAt"),
  updatedAt: f.iso("updatedAt"),
  contact: f.part("contact"),
  user: f.part("user"),
  queue: f.part("queue"),
  whatsapp: f.part("whatsapp"),
  tags: f.part("tags"),
  serviceWindowEndsAt: f.part("serviceWindowEndsAt"),
  sla: f.part("sla"),
}));

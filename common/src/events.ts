/** Socket event and room names, written once for server and client. */
export type CompanyEventFamily =
  | "auth"
  | "whatsapp"
  | "whatsappSession"
  | "user"
  | "chat"
  | "appMessage"
  | "ticket"
  | "contact"
  | "settings"
  | "announcement"
  | "sandbox"
  | "queue"
  | "schedule"
  | "quickemessage"
  | "tag"
  | "deadLetter"
  /** File lists (administration §4): action create/update with the record, delete with the id. */
  | "file"
  /** The company's plan (limits and menu flags) changed. */
  | "plan"
  /** An invoice of the company was paid (action CONCLUIDA). */
  | "payment"
  /** Contact lists (with their contacts count) and their items; items also go to a per-list channel. */
  | "ContactList"
  | "ContactListItem"
  /** How far a spreadsheet import into a list is, to the uploading user. */
  | "ContactListImport"
  /** Campaigns (administration §4): action create/update with the record, delete with the id. */
  | "campaign"
  /** Queue integrations (administration §4): action create/update with the record, delete with the id. */
  | "queueIntegration"
  /** AI prompts (administration §4): action create/update with the record, delete with the id. */
  | "prompt"
  /** To a queue's supervisors and admins: a ticket's SLA target is near (action nearBreach) or missed (action breach). */
  | "sla"
  /** To an attendant: automatic assignment gave them a ticket (action assigned, with the ticket). */
  | "assignment";

export const companyEvent = (companyId: number, family: CompanyEventFamily) => `company-${companyId}-${family}`;

/**
 * The internal chat's own channels (administration §4): one per member and one per chat. Like the
 * company's `chat` event, they are emitted only into the rooms of the chat's current members.
 */
export const chatUserEvent = (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`;
export const chatEvent = (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`;

/** Rooms: every socket is in its company's and its user's room; the rest are joined on request. */
export const rooms = {
  company: (companyId: number) => `company-${companyId}`,
  user: (companyId: number, userId: number) => `company-${companyId}-user-${userId}`,
  /** Sockets of one signed-in session, closed with it. */
  session: (sessionId: string) => `session-${sessionId}`,
  admins: (companyId: number) => `company-${companyId}-admins`,
  /** The company's super users: they alone see announcements that are not active. */
  supers: (companyId: number) => `company-${companyId}-supers`,
  notification: (companyId: number) => `company-${companyId}-notification`,
  ticketStatus: (companyId: number, status: string) => `company-${companyId}-${status}`,
  ticket: (companyId: number, ticketId: number | string) => `company-${companyId}-ticket-${ticketId}`,
  /** Per-queue rooms for non-admins; `null` is the room of records without a queue. */
  queue: (companyId: number, queueId: number | null, kind: string) => `company-${companyId}-queue-${queueId ?? "none"}-${kind}`,
};

/** Client → server events. */
export const CLIENT_EVENTS = {
  joinNotification: "joinNotification",
  joinTickets: "joinTickets",
  leaveTickets: "leaveTickets",
  joinChatBox: "joinChatBox",
  leaveChatBox: "leaveChatBox",
  userStatus: "userStatus",
} as const;

export const SERVER_EVENTS = { ready: "ready", joinError: "joinError" } as const;

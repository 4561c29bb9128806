import type { TicketFilters } from "./tickets";

/** Query-cache keys, written once so the socket handlers update the same entries the screens read. */
export const queryKeys = {
  plans: (companyId?: string | null) => ["plans", companyId ?? null] as const,
  companyPlan: (companyId: number) => ["companyPlan", companyId] as const,
  serverVersion: ["serverVersion"] as const,
  settings: ["settings"] as const,
  user: (id: number) => ["users", id] as const,
  users: ["users"] as const,
  whatsapps: (companyId: number) => ["whatsapps", companyId] as const,
  queues: ["queues"] as const,
  /** The customer simulator: one phone's conversation on a sandbox connection, and attendant media. */
  sandboxConversation: (whatsappId: number, number: string) => ["sandbox", "conversation", whatsappId, number] as const,
  sandboxMedia: (url: string) => ["sandbox", "media", url] as const,
  /** Every ticket list (the socket handlers walk these); the filters object ends each key. */
  ticketLists: ["tickets", "list"] as const,
  ticketList: (filters: TicketFilters) => ["tickets", "list", filters] as const,
  ticketPeek: (ticketId: number) => ["tickets", "peek", ticketId] as const,
  tagList: ["tags", "list"] as const,
  userNames: ["users", "list"] as const,
  contactSearch: (searchParam: string) => ["contacts", "list", searchParam] as const,
};

/** Business constants of the spec (core-workspace section 9, administration section 9). */
export const APP_VERSION = "6.0.0";

export const PAGE_SIZE = { tickets: 40, messages: 20, contacts: 30, users: 20, tags: 20 } as const;
/** A ticket search for a word found in very many messages counts its matches up to this many. */
export const SEARCH_COUNT_CAP = 200;

export const TRIAL_DAYS = 3;
export const DUE_DATE_WARNING_DAYS = 5;
export const RECURRENCES = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export const SOCKET = {
  pingIntervalMs: 18_000,
  pingTimeoutMs: 18_000,
  reloadDelayMs: 1_000,
  tokenExpiryMarginSeconds: 180,
  presenceIntervalMs: 300_000,
} as const;

export const DEBOUNCE_MS = 500;
export const TOAST_AUTO_CLOSE_MS = 2_000;
/** A toast the user acts on (a ticket assigned to them, an SLA alert) stays long enough to be clicked. */
export const ACTION_TOAST_AUTO_CLOSE_MS = 10_000;

export const CONNECTION_STATUSES = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING", "CONNECTED"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** Statuses that put the warning badge on the Connections menu item. */
export const CONNECTION_WARNING_STATUSES: readonly ConnectionStatus[] = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];
export const CONNECTION_WARNING_CHECK_DELAY_MS = 2_000;

export const TICKET_STATUSES = ["pending", "open", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const PLAN_FLAGS = ["useCampaigns", "useKanban", "useOpenAi", "useIntegrations", "useSchedules", "useInternalChat", "useExternalApi"] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** Local storage keys used by the web client. */
export const STORAGE_KEYS = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  companyDueDate: "companyDueDate",
  cshow: "cshow",
  tasks: "tasks",
  volume: "volume",
  signOption: "signOption",
  theme: "preferredTheme",
  language: "i18nextLng",
} as const;

/** The languages the product speaks, Portuguese first: the default wherever no language is chosen. */
export const LANGUAGES = ["pt", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Named permissions of the spec, as data. Deny by default. */
export type Profile = "admin" | "user" | "supervisor";

export const PERMISSIONS = [
  "dashboard:view",
  "drawer-admin-items:view",
  "tickets-manager:showall",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "ticket-options:deleteTicket",
  "contacts-page:deleteContact",
  "connections-page:actionButtons",
  "connections-page:addConnection",
  "connections-page:editOrDeleteConnection",
  /** Customers' messages a channel delivered that could not be stored. */
  "connections-page:deadLetters",
  /** Outgoing webhooks: endpoints and their deliveries. */
  "webhooks:manage",
  /** Who did what, when and from where: the company's audit log. */
  "audit-logs:view",
  "users:manage",
  "settings:update",
  "queues:manage",
  "tags:kanban",
  "tags:manage",
  /** File lists: create, change, upload their files, delete (administration §1: admins manage files). */
  "files:manage",
  /** Contact lists and their contacts (campaign audiences); deleting a list's contact also needs contacts-page:deleteContact. */
  "contact-lists:manage",
  /** Campaigns and their settings. */
  "campaigns:manage",
  /** Queue integrations (Typebot, n8n, webhooks, Dialogflow) and their secrets. */
  "queue-integrations:manage",
  /** AI prompts: the assistant's instructions, its keys and its voice. */
  "prompts:manage",
  /** The service reports: conversations, response and resolution times, ratings, SLA; and their exports. */
  "reports:view",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const RULES: Record<Profile, readonly Permission[]> = {
  admin: PERMISSIONS,
  supervisor: ["reports:view", "tags:kanban", "tags:manage", "contact-lists:manage"],
  user: [],
};

export function can(profile: string | undefined | null, permission: Permission): boolean {
  if (!profile || !(profile in RULES)) return false;
  return RULES[profile as Profile].includes(permission);
}

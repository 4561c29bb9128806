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
  /**
   * A support supervisor oversees the service, not the workspace's setup. Granted:
   * - dashboard:view, reports:view: the dashboard and the reports show every queue's service;
   * - tickets-manager:showall: sees, opens and searches the tickets of every queue, as an admin does;
   * - tags:manage, tags:kanban: organises the service with tags and chooses the kanban's columns (administration §6);
   * - contact-lists:manage: prepares the audiences of campaigns an admin sends.
   * Withheld (deny by default):
   * - drawer-admin-items:view, connections-page:*: connections, their tokens and their dead letters are setup;
   * - users:manage, user-modal:editProfile, user-modal:editQueues: no creating users or changing roles or queues (no escalation);
   * - settings:update, webhooks:manage, queues:manage: the workspace's settings, outgoing endpoints and routing are the admin's;
   * - audit-logs:view: who did what is read by those who answer for the workspace's security;
   * - ticket-options:deleteTicket, contacts-page:deleteContact: deleting history cannot be undone;
   * - files:manage, campaigns:manage: files and mass sending go out through the company's connections;
   * - queue-integrations:manage, prompts:manage: they hold third-party secrets and keys.
   */
  supervisor: ["dashboard:view", "reports:view", "tickets-manager:showall", "tags:kanban", "tags:manage", "contact-lists:manage"],
  user: [],
};

export function can(profile: string | undefined | null, permission: Permission): boolean {
  if (!profile || !Object.hasOwn(RULES, profile)) return false;
  return RULES[profile as Profile].includes(permission);
}

import { eq } from "drizzle-orm";
import { isAuditedAction, isSignInAction } from "@balcao/common";
import type { AppContext } from "../context";
import { auditLogs, companies, users } from "../db/schema";
import type { DomainEvent, Listener } from "../events/types";

/** Keys whose values never reach the trail, whatever an event carries. */
const SECRET_KEY = /pass(word|wd)?|token|secret|hash|api_?key|cookie|authorization|qr_?code|signature|^body$|^text$|^media/i;
const MAX_TEXT = 200;
const MAX_ITEMS = 50;
const MAX_DETAILS_CHARS = 4_000;

/** Small facts of an event's data, without secrets or message bodies, bounded in size. */
export function auditDetails(data: Record<string, unknown>): Record<string, unknown> {
  const details = keepSafe(data, 0) as Record<string, unknown>;
  // a setting whose key names a secret (an API token) keeps its key, not its value
  if (typeof details.key === "string" && SECRET_KEY.test(details.key)) delete details.value;
  delete details.ip;
  if (JSON.stringify(details).length <= MAX_DETAILS_CHARS) return details;
  return Object.fromEntries(Object.entries(details).filter(([, v]) => typeof v !== "object" || v === null));
}

function keepSafe(value: unknown, depth: number): unknown {
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== "object") return typeof value === "number" || typeof value === "boolean" ? value : null;
  if (depth >= 3) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => keepSafe(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !SECRET_KEY.test(k))
      .map(([k, v]) => [k, keepSafe(v, depth + 1)]),
  );
}

const NAME_KEYS = ["name", "email", "title", "shortcode", "key", "number"];

/** One line: the record's name (or the failed sign-in's email) and the fields that changed. */
export function auditSummary(details: Record<string, unknown>): string {
  const found = NAME_KEYS.map((k) => details[k]).find((v): v is string => typeof v === "string" && v.trim() !== "");
  // a setting reads as "key: value" (a secret one has no value here)
  const name = found !== undefined && found === details.key && typeof details.value === "string" ? `${found}: ${details.value}` : found;
  const changed = Array.isArray(details.changed) ? details.changed.filter((c): c is string => typeof c === "string") : [];
  const count = [details.count, details.rows].find((n): n is number => typeof n === "number");
  return [name, changed.join(", ") || undefined, count?.toString()].filter(Boolean).join(" · ").slice(0, 500);
}

/** `user:7` → the record's type and id; a stream without an id names only the type. */
function entityOf(stream: string): { entityType: string | null; entityId: string | null } {
  const at = stream.indexOf(":");
  if (at < 0) return { entityType: stream || null, entityId: null };
  return { entityType: stream.slice(0, at), entityId: stream.slice(at + 1) || null };
}

const numberOr = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);

async function nameOf<T extends { name: string }>(rows: Promise<T[]>): Promise<string | null> {
  return (await rows)[0]?.name ?? null;
}

/**
 * Who acted: the event's user; for a session ended without one (a refused refresh), its user. A
 * failed sign-in has nobody: the account tried stays in its details, beside the email.
 */
function actingUser(event: DomainEvent): number | null {
  if (event.actor.userId || event.type === "auth.signInFailed") return event.actor.userId ?? null;
  return isSignInAction(event.type) ? numberOr(event.data.userId) : null;
}

/**
 * The audit log: an admin's acts (users, connections, queues, settings, deletions, exports) and
 * every sign-in, one append-only row per event. Acts of customers, channels and jobs are not kept.
 */
export const auditLog: Listener = {
  name: "audit",
  accepts: isAuditedAction,
  async handle(ctx: AppContext, event: DomainEvent) {
    const userId = actingUser(event);
    // the command line acts as nobody, and says so in its facts
    // and two contacts a channel found to be one are merged by nobody, yet kept (automation/identities.ts)
    if (userId === null && !isSignInAction(event.type) && event.data?.source !== "cli" && event.type !== "contacts.merged") return;
    const [userName, companyName] = await Promise.all([
      userId === null ? null : nameOf(ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId))),
      event.companyId === null ? null : nameOf(ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, event.companyId))),
    ]);
    const details = auditDetails(event.data ?? {});
    const ip = event.actor.ip ?? (typeof event.data?.ip === "string" ? event.data.ip : null);
    await ctx.db
      .insert(auditLogs)
      .values({
        companyId: event.companyId,
        companyName,
        userId,
        userName,
        action: event.type,
        ...entityOf(event.stream),
        summary: auditSummary(details),
        details,
        ip: ip?.slice(0, 100) ?? null,
        occurredAt: event.occurredAt,
        eventId: event.id,
      })
      .onConflictDoNothing({ target: auditLogs.eventId });
  },
};

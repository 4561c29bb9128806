import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DomainEvent, Listener } from "../../events/types";
import { contacts } from "../../db/schema";
import { presentContact } from "../../modules/contacts/present";
import type { PresentedContact } from "../../modules/contacts/events";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["contact.created", "contact.updated", "contact.deleted", "contacts.imported"]);

async function readContacts(ctx: AppContext, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, PresentedContact>();
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids)));
  return new Map(rows.map((row) => [row.id, presentContact(row)]));
}

/** A few imported contacts are announced one by one, created ones first; many make the lists reload. */
async function announceImport(ctx: AppContext, event: DomainEvent) {
  const companyId = event.companyId;
  if (companyId === null) return;
  const { createdIds, updatedIds } = event.data as { createdIds?: number[]; updatedIds?: number[] };
  if (!createdIds || !updatedIds) return ctx.realtime.toCompany(companyId, "contact", { action: "reload" });
  const given = event.transient as { created: PresentedContact[]; updated: PresentedContact[] } | undefined;
  const now = given ? null : await readContacts(ctx, companyId, [...createdIds, ...updatedIds]);
  const announce = (ids: number[], views: PresentedContact[] | undefined, action: "create" | "update") =>
    ids.forEach((id, i) => {
      const contact = views ? views[i] : now!.get(id);
      ctx.realtime.toCompany(companyId, "contact", contact ? { action, contact } : { action: "delete", contactId: id });
    });
  announce(createdIds, given?.created, "create");
  announce(updatedIds, given?.updated, "update");
}

/** Contacts to the company's sockets (`company-{id}-contact`). */
export const contactsRealtime: Listener = {
  name: "realtime.contacts",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    if (event.type === "contacts.imported") return announceImport(ctx, event);
    const subject = subjectOf(event, "contactId");
    if (!subject) return;
    const { companyId, id: contactId } = subject;
    const deleted = { action: "delete", contactId };
    if (event.type === "contact.deleted") return ctx.realtime.toCompany(companyId, "contact", deleted);
    const contact = await viewOf(event, "contact", async () => (await readContacts(ctx, companyId, [contactId])).get(contactId) ?? null);
    const action = event.type === "contact.created" ? "create" : "update";
    ctx.realtime.toCompany(companyId, "contact", contact ? { action, contact } : deleted);
  },
};

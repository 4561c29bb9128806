import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { contacts, messages, whatsapps } from "../../db/schema";
import type { DomainEvent } from "../../events/types";
import { presentContact } from "../contacts/present";
import { presentMessages } from "../messages/present";
import { findScheduleView } from "../schedules/present";
import { findTicket, presentTicket } from "../tickets/present";

type Loader = (db: Db, companyId: number, id: number) => Promise<unknown>;

/** A connection as an integration may see it: never its token, channel secrets, QR code or session. */
export const safeWhatsapp = (w: Record<string, unknown>) => ({ id: w.id, name: w.name, channel: w.channel, status: w.status, number: w.number ?? null, isDefault: w.isDefault });

/** The presented record each family of events carries, under which key, read by which id of `data`. */
const RECORDS: Record<string, { key: string; idField: string; load: Loader; clean?: (view: Record<string, unknown>) => unknown }> = {
  ticket: {
    key: "ticket",
    idField: "ticketId",
    load: async (db, companyId, id) => {
      const row = await findTicket(db, companyId, id);
      return row ? presentTicket(db, row) : null;
    },
  },
  message: {
    key: "message",
    idField: "messageId",
    load: async (db, companyId, id) => {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
      return (await presentMessages(db, companyId, rows))[0] ?? null;
    },
  },
  contact: {
    key: "contact",
    idField: "contactId",
    load: async (db, companyId, id) => {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
      return row ? presentContact(row) : null;
    },
  },
  whatsapp: {
    key: "whatsapp",
    idField: "whatsappId",
    load: async (db, companyId, id) => {
      const [row] = await db
        .select()
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)));
      return row ?? null;
    },
    clean: safeWhatsapp,
  },
  schedule: { key: "schedule", idField: "scheduleId", load: findScheduleView },
};

const idIn = (data: Record<string, unknown>, field: string) => {
  const id = data[field] ?? data.id;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The webhook body of an event, `{ id, type, occurredAt, companyId, data }`: data is the event's
 * data plus the presented record when it still exists (from `transient` on the fast path, read
 * again after a redelivery). Built once per event: every retry sends these same bytes.
 */
export async function webhookBody(ctx: AppContext, event: DomainEvent): Promise<string> {
  const data: Record<string, unknown> = { ...event.data };
  const family = RECORDS[event.type.split(".")[0]];
  if (family && !event.type.endsWith(".deleted")) {
    const id = idIn(event.data, family.idField);
    let view = event.transient?.[family.key] ?? (id && event.companyId ? await family.load(ctx.db, event.companyId, id) : null);
    if (view && family.clean) view = family.clean(view as Record<string, unknown>);
    if (view) data[family.key] = view;
  }
  return JSON.stringify({ id: event.id, type: event.type, occurredAt: event.occurredAt.toISOString(), companyId: event.companyId, data });
}

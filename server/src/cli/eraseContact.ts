import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { campaignOptOuts, campaignShippings, companies, contactListItems, contacts, messages, sandboxMessages, schedules, ticketNotes, tickets } from "../db/schema";
import type { Tx } from "../db/client";
import { CLI_FACT, CliError, cliCommand, idArgument, withCli, type CliIo } from "./cliContext";
import { ERASED_TEXT, Scrubber, scrubTable } from "./scrub";

/** What an erased contact is called: no language of its own, as it stands in place of a name. */
export const ERASED_NAME = ERASED_TEXT;

interface EraseContactOptions {
  companyId: string;
  contactId?: string;
  number?: string;
  yes?: boolean;
}

/** How many records of each kind an erasure changed, in the order the command prints them. */
export interface ErasureCounts {
  messages: number;
  tickets: number;
  notes: number;
  schedules: number;
  listItems: number;
  campaignShippings: number;
  optOuts: number;
  sandboxMessages: number;
  webhookDeliveries: number;
  events: number;
  deadLetters: number;
  integrationRecords: number;
  auditEntries: number;
  mediaFiles: number;
}

const LABELS: [keyof ErasureCounts, string][] = [
  ["messages", "message(s)"],
  ["tickets", "ticket(s)"],
  ["notes", "note(s)"],
  ["schedules", "scheduled message(s) deleted"],
  ["listItems", "contact list item(s) deleted"],
  ["campaignShippings", "campaign shipping(s)"],
  ["optOuts", "campaign opt-out(s) deleted"],
  ["sandboxMessages", "sandbox message(s) deleted"],
  ["webhookDeliveries", "webhook delivery(ies)"],
  ["events", "pending event(s)"],
  ["deadLetters", "dead letter(s)"],
  ["integrationRecords", "integration record(s)"],
  ["auditEntries", "audit entry(ies)"],
  ["mediaFiles", "media file(s) removed"],
];

/** The printed account of an erasure: every kind, zero included, so a second run shows there was nothing left. */
export const describeCounts = (counts: ErasureCounts) => LABELS.map(([key, label]) => `${counts[key]} ${label}`).join(", ");

/**
 * Erases a contact's personal data (LGPD/GDPR) in one transaction, everywhere the company keeps it:
 * the contact's name, number, email, picture and extra information; the text and media of its
 * messages and its tickets' last message; the notes written about it; its scheduled messages; its
 * number in contact lists, campaign shippings and opt-outs; the sandbox phone's copies; and what the
 * outbox, webhook deliveries, dead letters, integrations and audit trail quoted of it. The rows of
 * contacts, messages and tickets stay, marked erased, so counts and reports hold. Media files go after
 * the commit. Running it again changes nothing more and says so.
 *
 * By --number, a number with no contact (already erased, or never one) still has its leftovers erased.
 */
export async function eraseContact(io: CliIo, opts: EraseContactOptions) {
  const companyId = idArgument(opts.companyId, "the company id");
  if (!opts.contactId === !opts.number) throw new CliError("name the contact by --contact <id> or by --number <digits>, one of the two");
  const number = opts.number?.replace(/\D/g, "");
  if (opts.number !== undefined && !number) throw new CliError(`"${opts.number}" is not a number`);
  const byContact = opts.contactId ? eq(contacts.id, idArgument(opts.contactId, "the contact id")) : eq(contacts.number, number!);
  await withCli(io, async (cli) => {
    const done = await cliCommand(cli, async (tx, events) => {
      const [contact] = await tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, companyId), byContact))
        .for("update");
      const missing = `company ${companyId} has no contact ${opts.contactId ? `with the id ${opts.contactId}` : `with the number ${number}`}`;
      if (!contact) {
        const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
        if (!company || opts.contactId) throw new CliError(missing);
      }
      if (!opts.yes) {
        const what = contact ? `contact ${contact.id}` : `the number ${number}`;
        throw new CliError(`this erases the personal data of ${what} and the text and media of its messages: run again with --yes to confirm`);
      }
      const erased = await eraseInTransaction(tx, companyId, contact ?? null, contact?.number || number || "");
      events.add({
        type: "contact.erased",
        companyId,
        stream: contact ? `contact:${contact.id}` : "contact",
        actor: { userId: null },
        data: { contactId: contact?.id ?? null, ...erased.counts, ...CLI_FACT },
      });
      return { contact, ...erased };
    });
    let removed = 0;
    for (const key of new Set(done.media)) {
      await cli.media.remove(companyId, key).then(
        () => removed++,
        () => undefined,
      );
    }
    const counts = { ...done.counts, mediaFiles: removed };
    const who = done.contact ? `contact ${done.contact.id}` : `what was kept of the number ${number}`;
    io.out(`Erased ${who} of company ${companyId}: ${describeCounts(counts)}.`);
  });
}

type ContactRow = typeof contacts.$inferSelect;

async function eraseInTransaction(tx: Tx, companyId: number, contact: ContactRow | null, number: string) {
  const now = new Date();
  const counts: ErasureCounts = {
    messages: 0,
    tickets: 0,
    notes: 0,
    schedules: 0,
    listItems: 0,
    campaignShippings: 0,
    optOuts: 0,
    sandboxMessages: 0,
    webhookDeliveries: 0,
    events: 0,
    deadLetters: 0,
    integrationRecords: 0,
    auditEntries: 0,
    mediaFiles: 0,
  };
  const media: string[] = [];
  const texts: string[] = [];
  const company = (column: typeof messages.companyId) => eq(column, companyId);

  if (contact) {
    await tx
      .update(contacts)
      .set({ name: ERASED_NAME, number: "", lid: null, username: null, email: "", profilePicUrl: "", extraInfo: [], erasedAt: contact.erasedAt ?? now, updatedAt: now })
      .where(eq(contacts.id, contact.id));
    // its own messages anywhere (groups too) and everything said in its tickets
    const itsTickets = tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id)));
    const mine = and(company(messages.companyId), or(eq(messages.contactId, contact.id), inArray(messages.ticketId, itsTickets)), isNull(messages.erasedAt));
    const said = await tx.select({ body: messages.body, transcript: messages.transcript, mediaName: messages.mediaName, mediaPath: messages.mediaPath }).from(messages).where(mine);
    for (const m of said) {
      texts.push(m.body, m.transcript ?? "", m.mediaName ?? "");
      if (m.mediaPath) media.push(m.mediaPath);
    }
    counts.messages = (
      await tx
        .update(messages)
        .set({ body: "", mediaPath: null, mediaName: null, dataJson: null, transcript: null, participant: null, editHistory: [], reactions: [], quotedStatus: null, isDeleted: true, erasedAt: now })
        .where(mine)
        .returning({ id: messages.id })
    ).length;
    const ticketRows = await tx
      .update(tickets)
      .set({ lastMessage: "" })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id), ne(tickets.lastMessage, "")))
      .returning({ id: tickets.id });
    counts.tickets = ticketRows.length;
    // what attendants wrote about the person is personal data about them
    const notes = and(eq(ticketNotes.companyId, companyId), or(eq(ticketNotes.contactId, contact.id), inArray(ticketNotes.ticketId, itsTickets)), ne(ticketNotes.note, ""));
    for (const n of await tx.select({ note: ticketNotes.note }).from(ticketNotes).where(notes)) texts.push(n.note);
    counts.notes = (await tx.update(ticketNotes).set({ note: "", updatedAt: now }).where(notes).returning({ id: ticketNotes.id })).length;
    // messages planned to the person go: nothing more is sent to them, and their text goes with them
    const planned = await tx
      .delete(schedules)
      .where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, contact.id)))
      .returning({ body: schedules.body, mediaPath: schedules.mediaPath });
    for (const s of planned) {
      texts.push(s.body);
      if (s.mediaPath) media.push(s.mediaPath);
    }
    counts.schedules = planned.length;
  }

  if (number) {
    // campaign lists name the person by number only: the items go, so no campaign reaches them again
    const items = await tx
      .delete(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.number, number)))
      .returning({ id: contactListItems.id });
    counts.listItems = items.length;
    // the campaigns' record of them stays counted, without who they were or what they were sent
    const shippings = await tx
      .select({ id: campaignShippings.id, message: campaignShippings.message, confirmationMessage: campaignShippings.confirmationMessage })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.number, number)));
    for (const s of shippings) {
      texts.push(s.message, s.confirmationMessage);
      await tx
        .update(campaignShippings)
        .set({
          number: `erased-${s.id}`,
          name: "",
          email: "",
          message: "",
          confirmationMessage: "",
          // one not yet sent is never sent
          failedAt: sql`coalesce(${campaignShippings.failedAt}, case when ${campaignShippings.deliveredAt} is null then now() end)`,
          failure: sql`coalesce(${campaignShippings.failure}, case when ${campaignShippings.deliveredAt} is null then 'ERASED' end)`,
          retryAt: null,
          updatedAt: now,
        })
        .where(eq(campaignShippings.id, s.id));
    }
    counts.campaignShippings = shippings.length;
    counts.optOuts = (
      await tx
        .delete(campaignOptOuts)
        .where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, number)))
        .returning({ id: campaignOptOuts.id })
    ).length;
    // the sandbox phone's copies of the conversation, both ways
    const copies = await tx
      .delete(sandboxMessages)
      .where(and(eq(sandboxMessages.companyId, companyId), eq(sandboxMessages.number, number)))
      .returning({ body: sandboxMessages.body, mediaPath: sandboxMessages.mediaPath });
    for (const c of copies) {
      texts.push(c.body);
      if (c.mediaPath) media.push(c.mediaPath);
    }
    counts.sandboxMessages = copies.length;
  }

  // what other records quoted of the person: webhook bodies, the outbox, dead letters, integrations, the trail
  const scrub = new Scrubber({ names: contact ? [contact.name] : [], numbers: number ? [number] : [], emails: contact?.email ? [contact.email] : [], texts });
  const inCompany = sql`t.company_id = ${companyId}`;
  counts.webhookDeliveries = (await scrubTable(tx, scrub, "webhook_deliveries", { body: "jsonText", last_error: "text" }, inCompany)).changed;
  counts.events = (await scrubTable(tx, scrub, "domain_events", { data: "json", last_error: "text" }, inCompany)).changed;
  // a dead letter the person's number sent is theirs alone: it goes
  const fromThem = (row: Record<string, unknown>) => !!number && JSON.stringify(row.payload ?? "").includes(number);
  const letters = await scrubTable(tx, scrub, "dead_letters", { payload: "json", error_message: "text" }, inCompany, { remove: fromThem });
  counts.deadLetters = letters.changed + letters.removed;
  counts.integrationRecords = (await scrubTable(tx, scrub, "integration_calls", { last_error: "text" }, inCompany)).changed + (await scrubTable(tx, scrub, "integration_sessions", { choices: "json" }, inCompany)).changed;
  // the trail is append-only but for this: its trigger lets an erasure blank what it quoted (migration 0041)
  await tx.execute(sql`select set_config('balcao.erasing_personal_data', 'on', true)`);
  counts.auditEntries = (await scrubTable(tx, scrub, "audit_logs", { summary: "text", details: "json" }, inCompany)).changed;
  await tx.execute(sql`select set_config('balcao.erasing_personal_data', 'off', true)`);
  return { counts, media };
}

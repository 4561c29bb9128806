import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import { contactListItems, contacts, messages, schedules, ticketNotes, tickets } from "../db/schema";
import { CLI_FACT, CliError, cliCommand, idArgument, withCli, type CliIo } from "./cliContext";

/** What an erased contact is called: no language of its own, as it stands in place of a name. */
export const ERASED_NAME = "—";

interface EraseContactOptions { companyId: string; contactId?: string; number?: string; yes?: boolean }

/**
 * Erases a contact's personal data (LGPD/GDPR): its name, number, email, picture and extra
 * information, and the text and media of its messages, its tickets' last message, its notes and
 * its scheduled messages' text; its number leaves the contact lists. The rows of contacts and
 * messages stay, marked erased, so counts and reports hold.
 */
export async function eraseContact(io: CliIo, opts: EraseContactOptions) {
  const companyId = idArgument(opts.companyId, "the company id");
  if (!opts.contactId === !opts.number) throw new CliError("name the contact by --contact <id> or by --number <digits>, one of the two");
  const number = opts.number?.replace(/\D/g, "");
  if (opts.number !== undefined && !number) throw new CliError(`"${opts.number}" is not a number`);
  const byContact = opts.contactId ? eq(contacts.id, idArgument(opts.contactId, "the contact id")) : eq(contacts.number, number!);
  await withCli(io, async (cli) => {
    const done = await cliCommand(cli, async (tx, events) => {
      const [contact] = await tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), byContact)).for("update");
      if (!contact) throw new CliError(`company ${companyId} has no contact ${opts.contactId ? `with the id ${opts.contactId}` : `with the number ${number}`}`);
      if (!opts.yes) throw new CliError(`this erases the personal data of contact ${contact.id} and the text and media of its messages: run again with --yes to confirm`);
      const now = new Date();
      await tx.update(contacts).set({ name: ERASED_NAME, number: "", email: "", profilePicUrl: "", extraInfo: [], erasedAt: now, updatedAt: now }).where(eq(contacts.id, contact.id));
      // its own messages anywhere (groups too) and everything said in its tickets
      const itsTickets = tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id)));
      const mine = and(eq(messages.companyId, companyId), or(eq(messages.contactId, contact.id), inArray(messages.ticketId, itsTickets)));
      const media = await tx.select({ key: messages.mediaPath }).from(messages).where(and(mine, isNotNull(messages.mediaPath)));
      const erased = await tx
        .update(messages)
        .set({ body: "", mediaPath: null, mediaName: null, dataJson: null, transcript: null, participant: null, isDeleted: true, erasedAt: now })
        .where(mine)
        .returning({ id: messages.id });
      const ticketRows = await tx
        .update(tickets)
        .set({ lastMessage: "" })
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id)))
        .returning({ id: tickets.id });
      await tx.update(schedules).set({ body: "" }).where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, contact.id)));
      await tx.update(ticketNotes).set({ note: "", updatedAt: now }).where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, contact.id)));
      // campaign lists name the person by number only: the items go, so no campaign reaches them again
      const listed = contact.number ? await tx.delete(contactListItems).where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.number, contact.number))).returning({ id: contactListItems.id }) : [];
      events.add({
        type: "contact.erased",
        companyId,
        stream: `contact:${contact.id}`,
        actor: { userId: null },
        data: { contactId: contact.id, messages: erased.length, tickets: ticketRows.length, listItems: listed.length, ...CLI_FACT },
      });
      return { contact, messages: erased.length, tickets: ticketRows.length, listItems: listed.length, media: media.map((m) => m.key!) };
    });
    let removed = 0;
    for (const key of done.media) {
      await cli.media.remove(companyId, key).then(() => removed++, () => undefined);
    }
    io.out(`Erased contact ${done.contact.id} of company ${companyId}: ${done.messages} message(s) in ${done.tickets} ticket(s), ${removed} media file(s) removed, ${done.listItems} contact list item(s) deleted.`);
  });
}


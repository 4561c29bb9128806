import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { contacts, fileListOptions, fileLists, messages, ticketTags, tickets } from "../../db/schema";
import { storeOutbound } from "../../modules/messages/send";
import { presentTicket, type TicketView } from "../../modules/tickets/present";
import { mediaTypeOf, mimeOf } from "../../media/store";
import type { campaigns } from "../../db/schema";
import type { TemplateMessage } from "../../channels/contract";

type CampaignRow = typeof campaigns.$inferSelect;
type MessageRow = typeof messages.$inferSelect;

/** The contact (created when new) and its open or pending ticket on the campaign's connection (a new pending one when none), in `tx`. */
async function ticketFor(tx: Tx, companyId: number, whatsappId: number, number: string, name: string) {
  const [contact] = await tx
    .insert(contacts)
    .values({ companyId, name: name || number, number, whatsappId })
    .onConflictDoUpdate({ target: [contacts.companyId, contacts.number], targetWhere: sql`number <> ''`, set: { updatedAt: new Date() } })
    .returning();
  await tx
    .insert(tickets)
    .values({ companyId, contactId: contact.id, whatsappId, status: "pending" })
    .onConflictDoNothing({ target: [tickets.companyId, tickets.contactId, tickets.whatsappId], where: sql`status in ('open', 'pending')` });
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id), eq(tickets.whatsappId, whatsappId), inArray(tickets.status, ["open", "pending"])))
    .orderBy(desc(tickets.id))
    .limit(1);
  return ticket;
}

/**
 * Stores, pending, what the contact gets, in the transaction that marks its shipping: the text,
 * then (`isMessage`: the campaign's message itself, not its confirmation question) the campaign's attachment and the file list's message and files in their order.
 * The files are the company's stored media, referenced, not copied. Gives the ticket too.
 */
export async function stageForContact(
  tx: Tx,
  campaign: CampaignRow,
  to: { number: string; name: string },
  body: string,
  isMessage: boolean,
  template?: TemplateMessage,
): Promise<{ ticket: TicketView; staged: MessageRow[] }> {
  const row = await ticketFor(tx, campaign.companyId, campaign.whatsappId!, to.number, to.name);
  const staged: MessageRow[] = [];
  const stage = async (fields: { body: string; mediaPath?: string | null; mediaName?: string | null; template?: TemplateMessage }) => {
    const media = fields.mediaPath ? { mediaPath: fields.mediaPath, mediaName: fields.mediaName ?? "arquivo", mediaType: mediaTypeOf(mimeOf(fields.mediaName ?? "")) } : {};
    staged.push((await storeOutbound(tx, row, { body: fields.body, userId: null, ...(fields.template ? { dataJson: { template: fields.template } } : {}), ...media })).row);
  };
  if (body.trim()) await stage({ body, template });
  if (isMessage) {
    if (campaign.mediaPath) await stage({ body: "", mediaPath: campaign.mediaPath, mediaName: campaign.mediaName });
    if (campaign.fileListId) {
      const [list] = await tx
        .select()
        .from(fileLists)
        .where(and(eq(fileLists.companyId, campaign.companyId), eq(fileLists.id, campaign.fileListId)));
      const files = list
        ? await tx
            .select()
            .from(fileListOptions)
            .where(and(eq(fileListOptions.companyId, campaign.companyId), eq(fileListOptions.fileId, list.id), isNotNull(fileListOptions.mediaPath)))
            .orderBy(asc(fileListOptions.position), asc(fileListOptions.id))
        : [];
      // the list's message goes with its first file
      for (const [i, f] of files.entries()) await stage({ body: i === 0 ? (list?.message ?? "") : "", mediaPath: f.mediaPath, mediaName: f.mediaName });
    }
  }
  // the campaign's tag marks whoever received its message
  if (isMessage && campaign.tagListId) await tx.insert(ticketTags).values({ companyId: campaign.companyId, ticketId: row.id, tagId: campaign.tagListId }).onConflictDoNothing();
  const [fresh] = await tx.select().from(tickets).where(eq(tickets.id, row.id));
  return { ticket: await presentTicket(tx, fresh), staged };
}

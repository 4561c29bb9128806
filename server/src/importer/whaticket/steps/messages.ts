import { sql } from "drizzle-orm";
import { messages } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import type { SourceRow } from "../source";
import { date, json, mediaTypeOf, num, str } from "../values";
import type { TicketInfo } from "./tickets";

/** Messages: oldest first, so a quoted message is usually here before its reply. */
export async function importMessages(run: ImportRun, ticketInfo: TicketInfo) {
  let mediaNotCopied = 0;
  for (let after: [Date, string] | null = null; ;) {
    const rows: SourceRow[] = await run.source.query(
      `select t.* from "Messages" t where ${after ? `(t."createdAt", t.id) > ($1, $2)` : "true"}${run.companyWhere(`t."companyId"`)} order by t."createdAt", t.id limit ${run.batch}`,
      after ? after : [],
    );
    if (!rows.length) break;
    after = [rows.at(-1)!.createdAt as Date, str(rows.at(-1)!.id)];
    run.count("Messages").read += rows.length;
    const ids = rows.map((r) => str(r.id));
    await run.maps.loadSome("Messages", [...ids, ...rows.map((r) => str(r.quotedMsgId)).filter(Boolean)]);
    await ticketInfo.load(rows.map((r) => run.maps.get("Tickets", r.ticketId)).filter((id): id is number => id !== undefined));
    const items: Pending<typeof messages.$inferInsert>[] = [];
    const quotes: { sourceId: string; quoted: string }[] = [];
    for (const r of rows) {
      if (run.maps.get("Messages", r.id) !== undefined) {
        run.count("Messages").already++;
        continue;
      }
      const ticketId = run.maps.get("Tickets", r.ticketId);
      const info = ticketId === undefined ? undefined : ticketInfo.get(ticketId);
      if (ticketId === undefined || !info) {
        run.problem("Messages", r.id, "message's ticket missing", `ticket ${str(r.ticketId)} was not moved in`);
        continue;
      }
      const mediaType = mediaTypeOf(r.mediaType);
      let mediaPath: string | null = null;
      let mediaName: string | null = null;
      if (r.mediaUrl) {
        const copied = await run.copyMedia("Messages", str(r.id), r.companyId, info.companyId, r.mediaUrl);
        mediaPath = copied.key;
        mediaName = copied.name;
        if (!run.opts.mediaDir) mediaNotCopied++;
      }
      const quotedMsgId = r.quotedMsgId ? run.maps.get("Messages", r.quotedMsgId) : undefined;
      if (r.quotedMsgId && quotedMsgId === undefined) quotes.push({ sourceId: str(r.id), quoted: str(r.quotedMsgId) });
      const data = json<unknown>(r.dataJson, null);
      items.push({
        sourceId: str(r.id),
        companyId: info.companyId,
        values: {
          companyId: info.companyId,
          ticketId,
          whatsappId: info.whatsappId,
          contactId: run.maps.get("Contacts", r.contactId) ?? null,
          externalId: str(r.id),
          body: str(r.body),
          fromMe: r.fromMe === true,
          read: r.read === true,
          mediaType: mediaType ?? (mediaPath ? "application" : null),
          mediaPath,
          mediaName,
          ack: num(r.ack) ?? 0,
          isDeleted: r.isDeleted === true,
          isEdited: r.isEdited === true,
          quotedMsgId: quotedMsgId ?? null,
          participant: str(r.participant) || null,
          dataJson: data && typeof data === "object" ? data : null,
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await run.write("Messages", messages, items);
    // a reply quoting a message of the same page: its quote is known once both are in
    const resolvable = quotes.filter((q) => run.maps.get("Messages", q.quoted) !== undefined);
    if (!run.dryRun && resolvable.length) {
      const pairs = resolvable.map((q) => sql`(${run.maps.get("Messages", q.sourceId)!}::int, ${run.maps.get("Messages", q.quoted)!}::int)`);
      await run.db.execute(sql`update ${messages} set quoted_msg_id = v.quoted from (values ${sql.join(pairs, sql`, `)}) as v(id, quoted) where ${messages.id} = v.id`);
    }
    // the page's own mappings are enough from here on: keep memory flat on large histories
    run.maps.map("Messages").clear();
  }
  if (mediaNotCopied)
    run.problem("Messages", "*", "media not copied", `${mediaNotCopied} message(s) name a file: give --media-dir (the old backend's public folder) to copy them; until then they show the file's name only`, false);
}

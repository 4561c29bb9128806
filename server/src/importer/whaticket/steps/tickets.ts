import { and, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { ticketTags, tickets } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import { date, num, str, ticketStatusOf } from "../values";

/** Company, connection and contact of the tickets moved in, by their id here. */
export class TicketInfo extends Map<number, { companyId: number; whatsappId: number | null; contactId: number }> {
  constructor(private readonly db: Db) {
    super();
  }

  /** Company and connection of tickets moved in by an earlier run. */
  async load(ids: number[]) {
    const missing = ids.filter((id) => id > 0 && !this.has(id));
    if (!missing.length) return;
    const rows = await this.db.select({ id: tickets.id, companyId: tickets.companyId, whatsappId: tickets.whatsappId, contactId: tickets.contactId }).from(tickets).where(inArray(tickets.id, missing));
    for (const r of rows) this.set(r.id, r);
  }
}

/** Tickets: a second open or pending ticket of one contact on one connection comes in closed. */
export async function importTickets(run: ImportRun): Promise<TicketInfo> {
  const ticketInfo = new TicketInfo(run.db);
  const companyIds = [...run.maps.map("Companies").values()].filter((id) => id > 0);
  const active = new Set(
    companyIds.length
      ? (
          await run.db
            .select({ c: tickets.companyId, k: tickets.contactId, w: tickets.whatsappId })
            .from(tickets)
            .where(and(inArray(tickets.companyId, companyIds), inArray(tickets.status, ["open", "pending"])))
        ).map((t) => `${t.c}:${t.k}:${t.w}`)
      : [],
  );
  for await (const rows of run.pages("Tickets", run.companyWhere(`t."companyId"`))) {
    run.count("Tickets").read += rows.length;
    const items: Pending<typeof tickets.$inferInsert>[] = [];
    for (const r of rows) {
      if (run.maps.get("Tickets", r.id) !== undefined) {
        run.count("Tickets").already++;
        continue;
      }
      const companyId = run.companyFor("Tickets", r);
      if (companyId === undefined) continue;
      const contactId = run.maps.get("Contacts", r.contactId);
      if (contactId === undefined) {
        run.problem("Tickets", r.id, "ticket's contact missing", `contact ${str(r.contactId)} was not moved in`);
        continue;
      }
      const whatsappId = run.maps.get("Whatsapps", r.whatsappId) ?? null;
      let status = ticketStatusOf(r.status);
      if (status !== str(r.status)) run.problem("Tickets", r.id, "ticket status unknown", `"${str(r.status)}" moved in as closed`, false);
      if (status !== "closed") {
        const key = `${companyId}:${contactId}:${whatsappId}`;
        if (active.has(key)) {
          run.problem("Tickets", r.id, "second active ticket", `contact ${str(r.contactId)} has another ${status} ticket: moved in as closed`, false);
          status = "closed";
        } else active.add(key);
      }
      const uuid = /^[0-9a-f-]{36}$/i.test(str(r.uuid)) ? str(r.uuid) : undefined;
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          contactId,
          whatsappId,
          status,
          uuid,
          queueId: run.maps.get("Queues", r.queueId) ?? null,
          userId: run.maps.get("Users", r.userId) ?? null,
          unreadMessages: num(r.unreadMessages) ?? 0,
          isGroup: r.isGroup === true,
          lastMessage: str(r.lastMessage),
          chatbot: r.chatbot === true,
          queueOptionId: run.maps.get("QueueOptions", r.queueOptionId) ?? null,
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    const ids = await run.write("Tickets", tickets, items);
    items.forEach((it, k) => ticketInfo.set(ids[k], { companyId: it.companyId!, whatsappId: it.values.whatsappId ?? null, contactId: it.values.contactId }));
  }
  return ticketInfo;
}

/** Tickets' tags. */
export async function importTicketTags(run: ImportRun, ticketInfo: TicketInfo) {
  const rows = await run.source.query(`select tt.* from "TicketTags" tt join "Tickets" t on t.id = tt."ticketId" where true${run.companyWhere(`t."companyId"`)}`);
  run.count("TicketTags").read += rows.length;
  const ids = rows.map((r) => run.maps.get("Tickets", r.ticketId)).filter((id): id is number => id !== undefined);
  await ticketInfo.load([...new Set(ids)]);
  const links: Record<string, unknown>[] = [];
  for (const r of rows) {
    const ticketId = run.maps.get("Tickets", r.ticketId);
    const tagId = run.maps.get("Tags", r.tagId);
    const info = ticketId === undefined ? undefined : ticketInfo.get(ticketId);
    if (ticketId === undefined || tagId === undefined || !info) {
      run.problem("TicketTags", `${str(r.ticketId)}-${str(r.tagId)}`, "link end missing", "ticket or tag not moved in");
      continue;
    }
    links.push({ companyId: info.companyId, ticketId, tagId });
  }
  for (let i = 0; i < links.length; i += run.batch) await run.link("TicketTags", ticketTags, links.slice(i, i + run.batch));
}

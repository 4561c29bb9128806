import { sql } from "drizzle-orm";
import type { contacts, tickets } from "../../db/schema";
import { jsonOf } from "../../channels/sqlRows";
import { ticketViewOf, type TicketParts } from "./present";
import { TICKET_CONNECTION, TICKET_QUEUE, TICKET_TAG, TICKET_USER, TICKET_VIEW } from "./ticketView";
import { CONTACT_VIEW } from "../contacts/contactView";
import { serviceWindowColumns, serviceWindowSql, windowAfter } from "./serviceWindow";
import { ticketSlaSql } from "../sla/viewSql";

/** Where each joined part of the `tickets` row aliased `alias` comes from, within the ticket's company. */
const sourcesOf = (alias: string) => ({
  contact: `from contacts c where c.id = ${alias}.contact_id and c.company_id = ${alias}.company_id`,
  user: `from users u where u.id = ${alias}.user_id and u.company_id = ${alias}.company_id`,
  queue: `from queues q where q.id = ${alias}.queue_id and q.company_id = ${alias}.company_id`,
  whatsapp: `from whatsapps w where w.id = ${alias}.whatsapp_id and w.company_id = ${alias}.company_id`,
  tags: `from ticket_tags tt join tags g on g.id = tt.tag_id where tt.company_id = ${alias}.company_id and tt.ticket_id = ${alias}.id`,
});

/**
 * A ticket view's joined parts (attendant, queue, connection, tags) of the `tickets` row aliased
 * `alias`, each one SQL expression within the ticket's company, so every hand-written statement reads them alike.
 */
const partsOf = (alias: string) => {
  const from = sourcesOf(alias);
  return {
    user: `(select ${TICKET_USER.jsonObject("u")} ${from.user})`,
    queue: `(select ${TICKET_QUEUE.jsonObject("q")} ${from.queue})`,
    whatsapp: `(select ${TICKET_CONNECTION.jsonObject("w")} ${from.whatsapp})`,
    tags: `coalesce((select json_agg(${TICKET_TAG.jsonObject("g")} order by tt.tag_id) ${from.tags}), '[]'::json)`,
  };
};

/**
 * TicketViews of the `tickets` rows of `source` (a CTE or table name), one row each with the view's
 * fields as columns, built by the database: a list is one statement, and its JSON text goes to the
 * client without being parsed and serialized again. The contact, attendant, queue and connection
 * are whole rows of lateral subqueries, which `row_to_json`/`json_agg` turn into objects for less
 * than `json_build_object` costs: the reference page of 40 tickets took 10–25% less (medians of
 * 300 runs each, interleaved). The tags stay a subquery per ticket: grouped over the page, they
 * cost more for a single ticket. The fields come from TICKET_VIEW, as presentTickets' do.
 */
export const ticketViewRows = (source: string) => {
  const from = sourcesOf("p");
  return `select ${TICKET_VIEW.sql("p", { contact: "c", user: "u", queue: "q", whatsapp: "w", tags: partsOf("p").tags, serviceWindowEndsAt: serviceWindowSql("p"), sla: ticketSlaSql("p") })}
  from ${source} p
  join lateral (select ${CONTACT_VIEW.sql("c")} ${from.contact}) c on true
  left join lateral (select ${TICKET_USER.sql("u")} ${from.user}) u on true
  left join lateral (select ${TICKET_QUEUE.sql("q")} ${from.queue}) q on true
  left join lateral (select ${TICKET_CONNECTION.sql("w")} ${from.whatsapp}) w on true`;
};

const partsOfT = partsOf("t");
/** The same parts of the row named `t` in a statement, as columns `user`, `queue`, `whatsapp`, `tags`, the service window's and `sla` (see viewFromParts). */
export const TICKET_PARTS = sql.raw(`${partsOfT.user} as "user", ${partsOfT.queue} as queue, ${partsOfT.whatsapp} as whatsapp, ${partsOfT.tags} as tags, ${serviceWindowColumns("t")}, ${ticketSlaSql("t")} as sla`);

/**
 * A ticket view from a row and the TICKET_PARTS columns of the same statement; `stored`: the
 * messages that statement stored, which its service window's subquery does not see.
 */
export function viewFromParts(ticket: typeof tickets.$inferSelect, contact: typeof contacts.$inferSelect, r: Record<string, unknown>, stored: { fromMe: boolean; createdAt: Date }[] = []) {
  return ticketViewOf(ticket, {
    contact,
    user: jsonOf<TicketParts["user"]>(r.user) ?? null,
    queue: jsonOf<TicketParts["queue"]>(r.queue) ?? null,
    whatsapp: jsonOf<TicketParts["whatsapp"]>(r.whatsapp) ?? null,
    tags: jsonOf<TicketParts["tags"]>(r.tags) ?? [],
    serviceWindowEndsAt: windowAfter((r.serviceWindowEndsAt as string | null) ?? null, r.serviceWindowCloud === true, stored),
    sla: jsonOf<TicketParts["sla"]>(r.sla) ?? null,
  });
}

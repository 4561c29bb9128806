import { sql } from "drizzle-orm";
import type { contacts, tickets } from "../../db/schema";
import { isoJson } from "../../db/sqlParams";
import { jsonOf } from "../../channels/sqlRows";
import { ticketViewOf, type TicketParts } from "./present";

/**
 * A ticket view's joined parts (attendant, queue, connection, tags) of the `tickets` row aliased
 * `alias`, each one SQL expression within the ticket's company, so every hand-written statement reads them alike.
 */
const partsOf = (alias: string) => ({
  user: `(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = ${alias}.user_id and u.company_id = ${alias}.company_id)`,
  queue: `(select json_build_object('id', q.id, 'name', q.name, 'color', q.color) from queues q where q.id = ${alias}.queue_id and q.company_id = ${alias}.company_id)`,
  whatsapp: `(select json_build_object('id', w.id, 'name', w.name, 'status', w.status) from whatsapps w where w.id = ${alias}.whatsapp_id and w.company_id = ${alias}.company_id)`,
  tags: `coalesce((
    select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by tt.tag_id)
    from ticket_tags tt join tags g on g.id = tt.tag_id
    where tt.company_id = ${alias}.company_id and tt.ticket_id = ${alias}.id), '[]'::json)`,
});

/**
 * TicketViews of the `tickets` rows of `source` (a CTE or table name), one row each with the view's
 * fields as columns, built by the database: a list is one statement, and its JSON text goes to the
 * client without being parsed and serialized again. The contact, attendant, queue and connection
 * are whole rows of lateral subqueries, which `row_to_json`/`json_agg` turn into objects for less
 * than `json_build_object` costs: the reference page of 40 tickets took 10–25% less (medians of
 * 300 runs each, interleaved). The tags stay a subquery per ticket: grouped over the page, they
 * cost more for a single ticket.
 * It must stay the same shape as presentTickets (tickets.list test compares the two).
 */
export const ticketViewRows = (source: string) => `select p.id, p.uuid, p.status, p.unread_messages as "unreadMessages", p.last_message as "lastMessage",
    p.is_group as "isGroup", p.chatbot, p.use_integration as "useIntegration", p.integration_id as "integrationId",
    p.prompt_id as "promptId", p.company_id as "companyId", p.contact_id as "contactId", p.user_id as "userId", p.queue_id as "queueId",
    p.whatsapp_id as "whatsappId", ${isoJson("p.created_at")} as "createdAt", ${isoJson("p.updated_at")} as "updatedAt",
    c as contact, u as "user", q as queue, w as whatsapp, ${partsOf("p").tags} as tags
  from ${source} p
  join lateral (select c.id, c.name, c.number, c.email, c.profile_pic_url as "profilePicUrl", c.profile_pic_url as "urlPicture",
      c.is_group as "isGroup", c.extra_info as "extraInfo", c.whatsapp_id as "whatsappId", c.company_id as "companyId",
      ${isoJson("c.created_at")} as "createdAt", ${isoJson("c.updated_at")} as "updatedAt"
    from contacts c where c.id = p.contact_id and c.company_id = p.company_id) c on true
  left join lateral (select u.id, u.name from users u where u.id = p.user_id and u.company_id = p.company_id) u on true
  left join lateral (select q.id, q.name, q.color from queues q where q.id = p.queue_id and q.company_id = p.company_id) q on true
  left join lateral (select w.id, w.name, w.status from whatsapps w where w.id = p.whatsapp_id and w.company_id = p.company_id) w on true`;

const partsOfT = partsOf("t");
/** The same parts of the row named `t` in a statement, as columns `user`, `queue`, `whatsapp` and `tags` (see viewFromParts). */
export const TICKET_PARTS = sql.raw(`${partsOfT.user} as "user", ${partsOfT.queue} as queue, ${partsOfT.whatsapp} as whatsapp, ${partsOfT.tags} as tags`);

/** A ticket view from a row and the TICKET_PARTS columns of the same statement. */
export function viewFromParts(ticket: typeof tickets.$inferSelect, contact: typeof contacts.$inferSelect, r: Record<string, unknown>) {
  return ticketViewOf(ticket, {
    contact,
    user: jsonOf<TicketParts["user"]>(r.user) ?? null,
    queue: jsonOf<TicketParts["queue"]>(r.queue) ?? null,
    whatsapp: jsonOf<TicketParts["whatsapp"]>(r.whatsapp) ?? null,
    tags: jsonOf<TicketParts["tags"]>(r.tags) ?? [],
  });
}

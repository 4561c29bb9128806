import { sql } from "drizzle-orm";
import type { contacts, tickets } from "../../db/schema";
import { isoJson } from "../../db/sqlParams";
import { jsonOf } from "../../channels/sqlRows";
import { ticketViewOf, type TicketParts } from "./present";

/**
 * A ticket view's joined parts (attendant, queue, connection, tags) of the `tickets` row aliased
 * `alias`, each one SQL expression, so every hand-written statement reads them alike.
 */
const partsOf = (alias: string) => ({
  user: `(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = ${alias}.user_id)`,
  queue: `(select json_build_object('id', q.id, 'name', q.name, 'color', q.color) from queues q where q.id = ${alias}.queue_id)`,
  whatsapp: `(select json_build_object('id', w.id, 'name', w.name, 'status', w.status) from whatsapps w where w.id = ${alias}.whatsapp_id)`,
  tags: `coalesce((
    select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) order by tt.tag_id)
    from ticket_tags tt join tags g on g.id = tt.tag_id
    where tt.company_id = ${alias}.company_id and tt.ticket_id = ${alias}.id), '[]'::json)`,
});

const parts = partsOf("p");

/**
 * The TicketView of a `tickets` row aliased `p`, with its contact joined as `c`
 * (TICKET_VIEW_JOINS), built as JSON by the database: a list is one statement, and its text goes
 * to the client without being parsed and serialized again.
 * It must stay the same shape as presentTickets (tickets.list test compares the two).
 */
export const TICKET_VIEW_JSON = `json_build_object(
  'id', p.id, 'uuid', p.uuid, 'status', p.status, 'unreadMessages', p.unread_messages, 'lastMessage', p.last_message,
  'isGroup', p.is_group, 'chatbot', p.chatbot, 'useIntegration', p.use_integration, 'integrationId', p.integration_id,
  'promptId', p.prompt_id, 'companyId', p.company_id, 'contactId', p.contact_id, 'userId', p.user_id, 'queueId', p.queue_id,
  'whatsappId', p.whatsapp_id, 'createdAt', ${isoJson("p.created_at")}, 'updatedAt', ${isoJson("p.updated_at")},
  'contact', json_build_object(
    'id', c.id, 'name', c.name, 'number', c.number, 'email', c.email, 'profilePicUrl', c.profile_pic_url,
    'urlPicture', c.profile_pic_url, 'isGroup', c.is_group, 'extraInfo', c.extra_info, 'whatsappId', c.whatsapp_id,
    'companyId', c.company_id, 'createdAt', ${isoJson("c.created_at")}, 'updatedAt', ${isoJson("c.updated_at")}),
  'user', ${parts.user}, 'queue', ${parts.queue}, 'whatsapp', ${parts.whatsapp}, 'tags', ${parts.tags}
)`;

/** The join that TICKET_VIEW_JSON reads, after `from <rows> p`. */
export const TICKET_VIEW_JOINS = "join contacts c on c.id = p.contact_id";

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

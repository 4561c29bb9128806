import { isoJson } from "../../db/sqlParams";

/**
 * The TicketView of a `tickets` row aliased `p`, built as JSON by the database, so a list is one
 * statement and its text goes to the client without being parsed and serialized again.
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
  'user', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
  'queue', case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end,
  'whatsapp', case when w.id is null then null else json_build_object('id', w.id, 'name', w.name, 'status', w.status) end,
  'tags', coalesce((
    select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tt.tag_id)
    from ticket_tags tt join tags tg on tg.id = tt.tag_id
    where tt.company_id = p.company_id and tt.ticket_id = p.id), '[]'::json)
)`;

/** Joins that TICKET_VIEW_JSON reads, after `from <rows> p`. */
export const TICKET_VIEW_JOINS = `join contacts c on c.id = p.contact_id
  left join users u on u.id = p.user_id
  left join queues q on q.id = p.queue_id
  left join whatsapps w on w.id = p.whatsapp_id`;

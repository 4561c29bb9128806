import { isoJson } from "../../db/sqlParams";

/**
 * The MessageView of a `messages` row aliased `m`, built as JSON by the database (see
 * tickets/viewJson.ts). It must stay the same shape as presentMessages (messages.list test).
 */
export const MESSAGE_VIEW_JSON = `json_build_object(
  'id', m.id, 'ticketId', m.ticket_id, 'body', case when m.is_deleted then '' else m.body end, 'fromMe', m.from_me,
  'read', m.read, 'mediaType', m.media_type,
  'mediaUrl', case when m.is_deleted or m.media_path is null then null else '/media/messages/' || m.id end,
  'mediaName', m.media_name, 'isDeleted', m.is_deleted, 'isEdited', m.is_edited, 'ack', m.ack, 'sendStatus', m.send_status,
  'quotedMsgId', m.quoted_msg_id,
  'quotedMsg', case when qm.id is null then null else json_build_object(
    'id', qm.id, 'body', case when qm.is_deleted then '' else qm.body end, 'fromMe', qm.from_me, 'mediaType', qm.media_type,
    'contact', case when qm.from_me or qc.id is null then null else json_build_object('id', qc.id, 'name', qc.name) end) end,
  'contact', case when m.from_me or mc.id is null then null else json_build_object('id', mc.id, 'name', mc.name) end,
  'userId', m.user_id, 'createdAt', ${isoJson("m.created_at")}, 'updatedAt', ${isoJson("m.updated_at")}
)`;

/** Joins that MESSAGE_VIEW_JSON reads, after `from <rows> m`: all within the message's company. */
export const MESSAGE_VIEW_JOINS = `left join messages qm on qm.id = m.quoted_msg_id and qm.company_id = m.company_id
  left join contacts qc on qc.id = qm.contact_id and qc.company_id = m.company_id
  left join contacts mc on mc.id = m.contact_id and mc.company_id = m.company_id`;

import { isoJson } from "../../db/sqlParams";

/**
 * MessageViews of the `messages` rows of `source` (a subquery or table, aliased `m`), one row each
 * with the view's fields as columns, built by the database like the ticket views (see
 * tickets/viewJson.ts): the quoted message and the contacts are whole rows of lateral subqueries,
 * all within the message's company. It must stay the same shape as presentMessages (messages.list test).
 */
export const messageViewRows = (source: string) => `select m.id, m.ticket_id as "ticketId", case when m.is_deleted then '' else m.body end as body,
    m.from_me as "fromMe", m.read, m.media_type as "mediaType",
    case when m.is_deleted or m.media_path is null then null else '/media/messages/' || m.id end as "mediaUrl",
    m.media_name as "mediaName", m.is_deleted as "isDeleted", m.is_edited as "isEdited", m.ack, m.send_status as "sendStatus",
    m.quoted_msg_id as "quotedMsgId", qm as "quotedMsg", case when m.from_me then null else mc end as contact,
    m.user_id as "userId", ${isoJson("m.created_at")} as "createdAt", ${isoJson("m.updated_at")} as "updatedAt"
  from ${source} m
  left join lateral (select qm.id, case when qm.is_deleted then '' else qm.body end as body, qm.from_me as "fromMe", qm.media_type as "mediaType",
      case when qm.from_me then null else qc end as contact
    from messages qm
    left join lateral (select qc.id, qc.name from contacts qc where qc.id = qm.contact_id and qc.company_id = m.company_id) qc on true
    where qm.id = m.quoted_msg_id and qm.company_id = m.company_id) qm on true
  left join lateral (select mc.id, mc.name from contacts mc where mc.id = m.contact_id and mc.company_id = m.company_id) mc on true`;

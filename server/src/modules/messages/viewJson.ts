import { MESSAGE_SENDER, MESSAGE_VIEW, QUOTED_VIEW } from "./messageView";

/**
 * MessageViews of the `messages` rows of `source` (a subquery or table, aliased `m`), one row each
 * with the view's fields as columns, built by the database like the ticket views (see
 * tickets/viewJson.ts): the quoted message and the contacts are whole rows of lateral subqueries,
 * all within the message's company. The fields come from MESSAGE_VIEW, as presentMessages' do.
 */
export const messageViewRows = (source: string) => `select ${MESSAGE_VIEW.sql("m", { quotedMsg: "qm", contact: "mc" })}
  from ${source} m
  left join lateral (select ${QUOTED_VIEW.sql("qm", { contact: "qc" })}
    from messages qm
    left join lateral (select ${MESSAGE_SENDER.sql("qc")} from contacts qc where qc.id = qm.contact_id and qc.company_id = m.company_id) qc on true
    where qm.id = m.quoted_msg_id and qm.company_id = m.company_id) qm on true
  left join lateral (select ${MESSAGE_SENDER.sql("mc")} from contacts mc where mc.id = m.contact_id and mc.company_id = m.company_id) mc on true`;

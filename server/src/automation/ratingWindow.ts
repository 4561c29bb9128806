import { sql, type SQL } from "drizzle-orm";

/** How long a rating question waits for its answer. */
export const RATING_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * `from … where …` of the rating questions still waiting for this customer's answer on this
 * connection (tracking `tr`, ticket `t`), served by ticket_trackings_awaiting_rating_idx.
 * Inbound checks it in the statement that stores a message (`number` is then a column of that
 * statement); rating.ts reads the question. The window's start is the database's now(), which the
 * planner can estimate for a kept (generic) plan, unlike a parameter: with a parameter, the
 * inbound statement's generic plan looked dearer than planning it each time, so it was planned
 * for every message (bench/README, Conclusions: "the inbound pipeline's batches").
 */
export const awaitingRating = (companyId: number, whatsappId: number, number: string | SQL) =>
  sql`from ticket_trackings tr join tickets t on t.id = tr.ticket_id join contacts ct on ct.id = t.contact_id
      where tr.company_id = ${companyId}::int and not tr.rated and tr.rating_at is not null and tr.rating_at > now() - ${sql.raw(`interval '${RATING_WINDOW_MS / 1000} seconds'`)}
        and t.company_id = ${companyId}::int and t.whatsapp_id = ${whatsappId}::int and t.status = 'closed' and ct.number = ${typeof number === "string" ? sql`${number}::text` : number}`;

import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { SendLater } from "../../channels/contract";
import { rowsOf } from "../../channels/sqlRows";
import { wakeSendRetriesAt } from "../../jobs/sendRetryWakeups";

/** Sends in a row a channel may turn back before the message is left failed (about 17 minutes of backoff). */
export const MAX_SEND_ATTEMPTS = 10;
const FIRST_BACKOFF_S = 1;
const MAX_BACKOFF_S = 300;

/**
 * A send the channel turned back for its rate limits: the message stays pending until a time
 * that doubles with each send turned back in a row (1 s, 2 s, 4 s … at most 5 minutes, each
 * with jitter so that many messages do not come back together), never sooner than the channel
 * asked. Kept in the database (retry_at), and a delayed job wakes the sending then, so a restart
 * loses no retry. Answers false when the message has been turned back too often: it is failed.
 */
export async function sendAgainLater(ctx: AppContext, companyId: number, messageId: number, later: SendLater) {
  const minS = (later.afterMs ?? 0) / 1000;
  const [row] = await rowsOf<{ send_attempts: number; retry_at: string | Date }>(
    ctx.db,
    sql`update messages set send_attempts = send_attempts + 1,
          retry_at = ${new Date().toISOString()}::timestamptz + make_interval(secs => greatest(${minS}::float8,
            least(${MAX_BACKOFF_S}::float8, ${FIRST_BACKOFF_S}::float8 * power(2, send_attempts)) * (0.5 + random() * 0.5)))
        where company_id = ${companyId}::int and id = ${messageId}::int
        returning send_attempts, retry_at`,
  );
  if (!row || row.send_attempts >= MAX_SEND_ATTEMPTS) return false;
  const at = new Date(row.retry_at);
  ctx.log?.info({ messageId, reason: later.reason, at }, "send turned back by the channel's rate limits: tried again later");
  await wakeSendRetriesAt(ctx, at);
  return true;
}

import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { EventLog } from "./record";
import type { NewEvent } from "./types";

/**
 * A command: `work` changes records in one transaction and adds to `events` what happened; the
 * events commit with the change, then the listeners run (their failures are retried, never the
 * command's). Answers what `work` answers.
 */
export async function command<T>(ctx: AppContext, work: (tx: Tx, events: EventLog) => Promise<T>): Promise<T> {
  const log = new EventLog();
  const result = await ctx.db.transaction(async (tx) => {
    const answer = await work(tx, log);
    await log.flush(tx);
    return answer;
  });
  if (log.recorded.length) await ctx.events.dispatch(log.recorded);
  return result;
}

/** Records events that follow a change already committed elsewhere (or none), and dispatches them. */
export function publish(ctx: AppContext, ...events: NewEvent[]) {
  return command(ctx, async (_tx, log) => log.add(...events));
}

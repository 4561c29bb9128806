import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { channelAuthEntries, whatsapps } from "../../db/schema";
import { unseal } from "../sealing";

/**
 * Baileys connections whose saved session is paired with a phone (its credentials name the
 * account): the ones a server brings back on start. A half-done pairing is not resumed, so a
 * restart does not put up QR codes nobody asked for. The account's id is plain JSON text, so this
 * reads it without Baileys' Buffer reviver: a server with no paired session never loads Baileys.
 */
export async function pairedSessions(ctx: AppContext, whatsappId?: number, { unheldOnly = false } = {}) {
  const rows = await ctx.db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId, channel: whatsapps.channel, creds: channelAuthEntries.value })
    .from(whatsapps)
    .innerJoin(channelAuthEntries, and(eq(channelAuthEntries.whatsappId, whatsapps.id), eq(channelAuthEntries.key, "creds")))
    .where(
      and(
        eq(whatsapps.channel, "baileys"),
        whatsappId === undefined ? undefined : eq(whatsapps.id, whatsappId),
        // no process holds it: never claimed, released, or its holder stopped renewing
        unheldOnly ? or(isNull(whatsapps.sessionOwner), lt(whatsapps.sessionLeaseUntil, sql`now()`)) : undefined,
      ),
    );
  return rows
    .filter((row) => {
      try {
        return !!JSON.parse(unseal(ctx.config.dataDir, row.creds))?.me?.id;
      } catch {
        return false; // sealed with another DATA_DIR's key: nothing this server can resume
      }
    })
    .map(({ creds: _, ...row }) => row);
}

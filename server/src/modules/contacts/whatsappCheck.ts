import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";

export type NumberChecker = (number: string) => Promise<boolean>;

/**
 * Asks the company's default connection whether numbers have WhatsApp, when that connection is
 * up and its channel can tell (the sandbox can; the Cloud API cannot before a conversation).
 * Null when nothing can check: callers then skip the check.
 */
export async function whatsappNumberChecker(ctx: AppContext, companyId: number): Promise<NumberChecker | null> {
  const [connection] = await ctx.db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId, channel: whatsapps.channel, status: whatsapps.status })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)));
  if (!connection || connection.status !== "CONNECTED") return null;
  let adapter;
  try {
    adapter = ctx.channels.adapterFor(connection);
  } catch {
    return null; // a channel this server does not run
  }
  if (typeof adapter.checkNumber !== "function") return null;
  return (number) => adapter.checkNumber!(number);
}

/** POST /contacts: a number the connection says is not on WhatsApp is refused; no checker, no check. */
export async function assertWhatsappNumber(ctx: AppContext, companyId: number, number: string) {
  if (!number) return;
  const check = await whatsappNumberChecker(ctx, companyId);
  if (!check) return;
  let valid: boolean;
  try {
    valid = await check(number);
  } catch (err) {
    ctx.log?.warn({ err, companyId }, "WhatsApp number check failed");
    throw new AppError("ERR_WAPP_CHECK_CONTACT", 400);
  }
  if (!valid) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400, { field: "number" });
}

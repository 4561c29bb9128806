import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { SandboxInboundBody } from "@balcao/common";
import type { AppContext } from "../../context";
import type { whatsapps } from "../../db/schema";
import type { InboundMessage } from "../../channels/contract";
import { mediaTypeOf } from "../../media/store";
import { AppError } from "../../http/errors";
import { rowsOf } from "../../channels/sqlRows";
import { storableText } from "../../channels/storableText";

/** The simulated phone sends: kept on the phone's side, then delivered like any channel's message. */
export async function deliverInbound(ctx: AppContext, whatsapp: typeof whatsapps.$inferSelect, body: SandboxInboundBody) {
  // like WhatsApp, nothing reaches a number that is not paired
  if (whatsapp.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  const externalId = body.id ?? `SBXIN${crypto.randomBytes(10).toString("hex").toUpperCase()}`;
  const media = body.media ? { data: Buffer.from(body.media.data, "base64"), filename: body.media.filename, mimetype: body.media.mimetype } : undefined;
  const message: InboundMessage = {
    externalId,
    number: body.number,
    name: body.name,
    isGroup: body.isGroup,
    body: body.body,
    mediaType: body.location ? "locationMessage" : (body.mediaType ?? (media ? mediaTypeOf(media.mimetype) : undefined)),
    media,
    quotedExternalId: body.quotedId,
    // the phone's request as it came, its file as the file's size
    raw: { ...body, media: media ? { filename: media.filename, mimetype: media.mimetype, bytes: media.data.byteLength } : undefined },
  };
  if (body.location) {
    const { latitude, longitude, description } = body.location;
    const link = `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`;
    message.body = `${""}|${link}|${description ?? ""}`;
  }
  // the phone's copy of the stored message `m`, once (sandbox_messages_external_key)
  const copy = (from: SQL, number: SQL, quoted: SQL) => sql`
    insert into sandbox_messages (company_id, whatsapp_id, external_id, number, direction, body, media_type, media_name, quoted_id, ack)
    select m.company_id, m.whatsapp_id, m.external_id, ${number}, 'in', m.body, m.media_type, m.media_name, ${quoted}, 2
    ${from}
    on conflict (whatsapp_id, external_id, direction) do nothing`;
  // made by the statement that stores the messages (their delivered values as `input`)
  const alongside = sql`phone_copy as (${copy(sql`from m join input i on i.external_id = m.external_id`, sql`i.source_number`, sql`i.quoted_external_id`)}),`;
  const result = await ctx.channels.storeOrKeep(whatsapp, message, { cte: alongside, name: "sandbox_copy" });
  // a group message the company ignores: delivered to the phone, not kept as a ticket
  if (!result) return { duplicate: false, ignored: true as const };
  // delivered, and kept for the company's admins: the phone has nothing to send again
  if ("deadLetter" in result) return { duplicate: false, stored: false as const, deadLetterId: result.deadLetter.id, error: "ERR_CREATING_MESSAGE" as const };
  if (!result.duplicate && !result.alongside) {
    // a rating answer took another way: its copy on its own
    const stored = sql`from messages m where m.company_id = ${whatsapp.companyId}::int and m.whatsapp_id = ${whatsapp.id}::int and m.external_id = ${storableText(externalId)}::text`;
    await rowsOf(ctx.db, copy(stored, sql`${body.number}::text`, sql`${storableText(body.quotedId ?? "") || null}::text`), "balcao_sandbox_phone_copy");
  }
  // the bot's read holds the connection's row (its token): not for the phone
  const { alongside: _, botRead: __, ...answer } = result;
  return answer;
}

import crypto from "node:crypto";
import type { SandboxInboundBody } from "@balcao/common";
import { perApp, type AppContext } from "../../context";
import { BATCH_SLOTS, KeyedBatches } from "../../channels/keyedBatches";
import { sandboxMessages, type whatsapps } from "../../db/schema";
import type { InboundMessage } from "../../channels/contract";
import { mediaTypeOf } from "../../media/store";
import { AppError } from "../../http/errors";
import { storableText } from "../../channels/storableText";

type PhoneCopy = typeof sandboxMessages.$inferInsert;

/** The phones' copies that come while earlier ones are written go together, one statement per connection. */
const phoneCopies = perApp(
  (ctx) =>
    new KeyedBatches(
      async (copies: PhoneCopy[]) => {
        await ctx.db.insert(sandboxMessages).values(copies).onConflictDoNothing();
        return copies.map(() => undefined);
      },
      undefined,
      BATCH_SLOTS,
    ),
);

/** The simulated phone sends: kept on the phone's side, then delivered like any channel's message. */
export async function deliverInbound(ctx: AppContext, whatsapp: typeof whatsapps.$inferSelect, body: SandboxInboundBody) {
  // like WhatsApp, nothing reaches a number that is not paired
  if (whatsapp.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  const externalId = body.id ?? `SBXIN${crypto.randomBytes(10).toString("hex").toUpperCase()}`;
  const media = body.media ? { data: Buffer.from(body.media.data, "base64"), filename: body.media.filename, mimetype: body.media.mimetype } : undefined;
  const message: InboundMessage = {
    externalId,
    number: body.number,
    lid: body.lid,
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
  // the phone's copy of what it sent, kept before the answers it gets; once (sandbox_messages_external_key)
  await phoneCopies(ctx).submit(String(whatsapp.id), {
    companyId: whatsapp.companyId,
    whatsappId: whatsapp.id,
    externalId: storableText(externalId),
    number: storableText(body.number || body.lid || ""),
    direction: "in",
    body: storableText(message.body ?? ""),
    mediaType: message.mediaType ?? null,
    mediaName: media ? storableText(media.filename) : null,
    quotedId: storableText(body.quotedId ?? "") || null,
    ack: 2,
  });
  const result = await ctx.channels.storeOrKeep(whatsapp, message);
  // a group message the company ignores: delivered to the phone, not kept as a ticket
  if (!result) return { duplicate: false as const, ignored: true as const };
  // delivered, and kept for the company's admins: the phone has nothing to send again
  if ("deadLetter" in result) return { duplicate: false as const, stored: false as const, deadLetterId: result.deadLetter.id, error: "ERR_CREATING_MESSAGE" as const };
  return result;
}

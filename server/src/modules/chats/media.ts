import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import { CHAT_MEDIA_EXTENSIONS, CHAT_MEDIA_MAX_BYTES, CHAT_MESSAGE_MAX_LENGTH, V, chatMessageBody, isChatMediaName } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { chatMessages, chatUsers } from "../../db/schema";
import { AppError } from "../../http/errors";
import { readForm } from "../../http/multipartForm";
import { contentKindOf, type ContentKind } from "../../media/contentKind";
import { chatNotFound } from "./service";

/** A message's file once stored under the company: its key, safe name and kind. */
export interface ChatAttachment {
  key: string;
  filename: string;
  mediaType: ContentKind["mediaType"];
  mimetype: string;
}

const invalid = (field: string, message: string) => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: ${message}` });

/** The multipart plugin's limits, as what they are: the caller's mistakes. */
function limitError(err: unknown) {
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_FILES_LIMIT") return invalid("medias", V.tooLong);
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return invalid("body", V.tooLong);
  return err;
}

/** Room for the file and the text of one message. */
export const CHAT_MESSAGE_BODY_LIMIT = CHAT_MEDIA_MAX_BYTES + 1024 * 1024;

/**
 * POST /chats/:id/messages: JSON `{ message }`, or multipart with `message` and one file in
 * `medias` (an image or a document, its bytes agreeing with its name, 16 MB at most). The file is
 * stored under the caller's company; blank text with no file is refused (field message).
 */
export async function readChatMessageInput(ctx: AppContext, caller: Caller, request: FastifyRequest): Promise<{ message: string; attachment: ChatAttachment | null }> {
  if (!request.isMultipart()) return { message: chatMessageBody.parse(request.body ?? {}).message, attachment: null };
  let message = "";
  let file: { data: Buffer; filename: string; kind: ContentKind } | null = null;
  await readForm(
    request,
    async (parts) => {
      try {
        for await (const part of parts) {
          if (part.type === "file") {
            if (part.fieldname !== "medias" || file || !isChatMediaName(part.filename)) {
              part.file.resume(); // drain it: the reply goes out once the request is read
              throw invalid("medias", V.invalidValue);
            }
            const data = await part.toBuffer();
            // busboy marks the cut after handing over the last piece: a file that overflows in it is cut all the same
            if (part.file.truncated) throw invalid("medias", V.tooLong);
            const kind = contentKindOf(data, part.filename, CHAT_MEDIA_EXTENSIONS);
            if (!kind) throw invalid("medias", V.invalidValue);
            file = { data, filename: part.filename, kind };
          } else if (part.fieldname === "message") {
            if (typeof part.value !== "string") throw invalid("message", V.invalidValue);
            if (part.value.length > CHAT_MESSAGE_MAX_LENGTH) throw invalid("message", V.tooLong);
            message = part.value;
          }
        }
      } catch (err) {
        throw limitError(err);
      }
    },
    { limits: { fileSize: CHAT_MEDIA_MAX_BYTES, files: 1, fields: 10 } },
  );
  const chosen = file as { data: Buffer; filename: string; kind: ContentKind } | null;
  if (!chosen) {
    if (!message.trim()) throw invalid("message", V.required);
    return { message, attachment: null };
  }
  const stored = await ctx.media.save(caller.companyId, chosen.data, chosen.filename);
  return { message, attachment: { key: stored.key, filename: stored.filename, mediaType: chosen.kind.mediaType, mimetype: chosen.kind.mimetype } };
}

/** A message's attachment, for a member of its chat only; anyone else (another company too) gets 404. */
export async function readChatMedia(ctx: AppContext, caller: Caller, messageId: number) {
  const [row] = await ctx.db
    .select({ mediaPath: chatMessages.mediaPath, mediaName: chatMessages.mediaName })
    .from(chatMessages)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chatMessages.chatId), eq(chatUsers.userId, caller.id)))
    .where(and(eq(chatMessages.companyId, caller.companyId), eq(chatMessages.id, messageId)));
  if (!row?.mediaPath) throw chatNotFound();
  return { file: await ctx.media.open(caller.companyId, row.mediaPath), name: row.mediaName ?? "arquivo" };
}

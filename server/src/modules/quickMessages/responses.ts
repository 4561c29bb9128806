import { z } from "zod";
import { file, id, messageAnswer, looseEntity, page, timestamp } from "../../http/responses/shapes";

/** A quick reply as the composer uses it; mediaPath is the attachment's authenticated address. */
export const quickMessage = looseEntity({
  id,
  shortcode: z.string(),
  message: z.string(),
  mediaPath: z.string().nullable().meta({ description: "Where the attachment is read, with the bearer token." }),
  mediaName: z.string().nullable(),
  geral: z.boolean(),
});

/** A whole quick message, as the page and its dialog show it. */
export const quickMessageRecord = quickMessage
  .extend({
    status: z.boolean(),
    isMedia: z.boolean(),
    userId: id.nullable(),
    companyId: id,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ description: "A quick reply: its shortcut, text, attachment, and whether the whole company shares it." });

export const quickMessagesForComposer = z.array(quickMessage).meta({ description: "The caller's and the company's shared quick replies." });

export const quickMessagesPage = page("records", quickMessageRecord).meta({ description: "A page of quick replies." });

export const quickMessageDeleted = messageAnswer;

/** `{ mensagem, record }`: the original's answer to attaching or removing the attachment. */
export const quickMessageMediaAnswer = looseEntity({ mensagem: z.string(), record: quickMessageRecord }).meta({
  description: "The quick message after its attachment was stored or removed.",
});

export const quickMessageMedia = file;

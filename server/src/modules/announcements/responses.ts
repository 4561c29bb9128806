import { z } from "zod";
import { file, id, messageAnswer, looseEntity, page, timestamp } from "../../http/responses/shapes";

/** An announcement of the platform; mediaPath is its image's authenticated address. */
export const announcementRecord = looseEntity({
  id,
  title: z.string(),
  text: z.string(),
  priority: z.number().int().meta({ description: "1 high, 2 medium, 3 low." }),
  status: z.boolean(),
  mediaPath: z.string().nullable().meta({ description: "Where the image is read, with the bearer token." }),
  mediaName: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "An announcement: title, text, priority, whether it is active, and its image." });

export const announcementsPage = page("records", announcementRecord).meta({ description: "A page of announcements." });

export const announcementDeleted = messageAnswer;

/** `{ mensagem, record }`: the original's answer to attaching or removing the image. */
export const announcementMediaAnswer = looseEntity({ mensagem: z.string(), record: announcementRecord }).meta({
  description: "The announcement after its image was stored or removed.",
});

export const announcementMedia = file;

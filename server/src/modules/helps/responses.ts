import { z } from "zod";
import { id, messageAnswer, looseEntity, page, timestamp } from "../../http/responses/shapes";

/** A help video of the platform. */
export const helpRecord = looseEntity({
  id,
  title: z.string(),
  description: z.string(),
  video: z.string().meta({ description: "The video's code on its host (a YouTube id)." }),
  link: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "A help video: title, description, video code and link." });

export const helpsPage = page("records", helpRecord).meta({ description: "A page of help videos." });

export const helpList = z.array(helpRecord).meta({ description: "Every help video." });

export const helpDeleted = messageAnswer;

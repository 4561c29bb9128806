import { z } from "zod";
import { id, messageAnswer, object, timestamp } from "../../http/responses/shapes";

/** A chatbot option of a queue (presentQueueOption); options nest by `parentId`. */
export const queueOptionView = object({
  id,
  title: z.string(),
  message: z.string(),
  option: z.string(),
  queueId: id,
  parentId: id.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "A chatbot option of a queue." });

export const queueOptionResponses = {
  list: { 200: z.array(queueOptionView) },
  one: { 200: queueOptionView },
  created: { 201: queueOptionView },
  deleted: { 200: messageAnswer },
};

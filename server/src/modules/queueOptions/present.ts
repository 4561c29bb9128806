import type { queueOptions } from "../../db/schema";

/** A chatbot option as the queue dialog's tree editor reads it. */
export function presentQueueOption(o: typeof queueOptions.$inferSelect) {
  return {
    id: o.id,
    title: o.title,
    message: o.message,
    option: o.option,
    queueId: o.queueId,
    parentId: o.parentId,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

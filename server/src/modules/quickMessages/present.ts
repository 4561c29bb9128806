import type { quickMessages } from "../../db/schema";

/** A quick reply as the composer uses it. */
export function presentQuickMessage(q: typeof quickMessages.$inferSelect) {
  return { id: q.id, shortcode: q.shortcode, message: q.message, mediaPath: q.mediaPath, mediaName: q.mediaName, geral: q.geral };
}

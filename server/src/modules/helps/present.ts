import type { helps } from "../../db/schema";

/** A help video as the help page and the settings' Help tab show it. */
export function presentHelp(h: typeof helps.$inferSelect) {
  return { id: h.id, title: h.title, description: h.description, video: h.video, link: h.link, createdAt: h.createdAt.toISOString(), updatedAt: h.updatedAt.toISOString() };
}

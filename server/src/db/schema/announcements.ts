import { boolean, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps";
import { users } from "./users";

/**
 * Announcements: platform data without a company, written by the super user and read by every
 * signed-in user (the active ones). The attachment is stored under the company of the super user
 * who uploaded it (`mediaCompanyId`), like all media, and served only with a token.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    text: text().notNull(),
    /** 1 high, 2 medium, 3 low. */
    priority: smallint().notNull().default(3),
    status: boolean().notNull().default(true),
    mediaPath: text(),
    mediaName: text(),
    mediaCompanyId: integer(),
    ...timestamps,
  },
  (t) => [index("announcements_status_updated_idx").on(t.status, t.updatedAt)],
);

/** When each user last opened the top bar's announcements: the dot shows for anything changed since. */
export const announcementViews = pgTable("announcement_views", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
});

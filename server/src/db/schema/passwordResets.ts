import { index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { users } from "./users";

/**
 * The live password reset code of each user (one at most: a new request replaces it), kept as an
 * HMAC of the code under the server's secret, never the digits. It survives a restart and is seen
 * by every process of the deployment. Dead once used, past `expiresAt`, or after its last wrong try.
 */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    /** Wrong codes tried against it. */
    tries: smallint().notNull().default(0),
    /** When the right code set a new password: a code is spent by its first use. */
    usedAt: timestamp({ withTimezone: true, mode: "date" }),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_codes_expires_idx").on(t.expiresAt)],
);

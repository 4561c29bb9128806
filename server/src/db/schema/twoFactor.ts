import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies, companyColumn } from "./companies";
import { users } from "./users";

const at = () => timestamp({ withTimezone: true, mode: "date" });

/**
 * A user's authenticator (TOTP): its secret sealed with the server's channel key, enabled once a
 * code confirmed it. `lastStep` is the time step of the last code accepted: a code is good once.
 */
export const userTwoFactors = pgTable("user_two_factors", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  companyId: companyColumn(),
  secret: text().notNull(),
  enabledAt: at(),
  lastStep: integer(),
  createdAt: at().notNull().defaultNow(),
});

/** Ten single-use recovery codes per enabled authenticator, kept as SHA-256 hashes. */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
    codeHash: text().notNull(),
    usedAt: at(),
  },
  (t) => [index("user_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The step between the password and the second factor: short-lived, single-use, bound to its user.
 * `enrolment`: the user must set an authenticator up before signing in (required by the company or platform).
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
    enrolment: boolean().notNull().default(false),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index("two_factor_challenges_expires_idx").on(t.expiresAt)],
);

/** A company that requires a second factor of all its users. */
export const companyTwoFactorPolicies = pgTable("company_two_factor_policies", {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  required: boolean().notNull().default(false),
  updatedAt: at().notNull().defaultNow(),
});

/** The platform's requirement (one row, id 1), set by a super user: every user of every company. */
export const platformTwoFactorPolicy = pgTable("platform_two_factor_policy", {
  id: integer().primaryKey().default(1),
  required: boolean().notNull().default(false),
  updatedAt: at().notNull().defaultNow(),
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Going back one version is running the previous version on the migrated database (README,
 * Deployment, Upgrades): a migration may add, never drop or rename a column or a table the
 * previous version still reads. What the code stops using is dropped one version later, in a
 * migration listed here with the reason it is safe.
 */
const ALLOWED: Record<string, string> = {
  "0023_domain_events_deleted_when_dispatched.sql": "renames domain_events.dispatched_at to given_up_at; written before the first release (0.1.0), so no installation runs the version before it",
};

const FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const BREAKING = [/\bdrop\s+table\b/i, /\bdrop\s+column\b/i, /\brename\b/i];

/** The migration's statements without their comments (a comment may say "renamed"). */
function statementsOf(file: string) {
  return fs
    .readFileSync(path.join(FOLDER, file), "utf8")
    .replace(/--.*$/gm, "")
    .replace(/\/\*[\s\S]*?\*\//g, "");
}

describe("migrations", () => {
  const files = fs.readdirSync(FOLDER).filter((f) => f.endsWith(".sql"));

  it("only add, so the previous version keeps working on a migrated database", () => {
    expect(files.length).toBeGreaterThan(0);
    const breaking = files.filter((f) => BREAKING.some((pattern) => pattern.test(statementsOf(f))));
    expect(breaking.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  it("list as allowed only migrations that exist and drop or rename", () => {
    for (const file of Object.keys(ALLOWED)) {
      expect(files).toContain(file);
      expect(
        BREAKING.some((pattern) => pattern.test(statementsOf(file))),
        file,
      ).toBe(true);
    }
  });

  it("catch a drop or a rename however it is written", () => {
    const caught = (sql: string) => BREAKING.some((pattern) => pattern.test(sql));
    expect(caught('ALTER TABLE "tickets" DROP COLUMN "status";')).toBe(true);
    expect(caught("drop table if exists contacts;")).toBe(true);
    expect(caught('ALTER TABLE "a" RENAME TO "b";')).toBe(true);
    expect(caught('CREATE INDEX "renamed_idx" ON "a" ("b");')).toBe(false);
    expect(caught('DROP INDEX "tickets_status_idx";')).toBe(false);
  });
});

import { inArray } from "drizzle-orm";
import { userQueues, users } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import { date, str } from "../values";

/** Users: the bcrypt hash kept as it is (checked at sign-in, then made Argon2id); an email taken here is a problem. */
export async function importUsers(run: ImportRun) {
  const seen = new Set<string>();
  for await (const rows of run.pages("Users", run.companyWhere(`t."companyId"`))) {
    run.count("Users").read += rows.length;
    const fresh = rows.filter((r) => {
      if (run.maps.get("Users", r.id) === undefined) return true;
      run.count("Users").already++;
      return false;
    });
    const emails = fresh.map((r) => str(r.email).trim().toLowerCase());
    const taken = new Set(emails.length ? (await run.db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email) : []);
    const items: Pending<typeof users.$inferInsert>[] = [];
    for (const r of fresh) {
      const companyId = run.companyFor("Users", r);
      if (companyId === undefined) continue;
      const email = str(r.email).trim().toLowerCase();
      if (taken.has(email) || seen.has(email)) {
        run.problem("Users", r.id, "user email taken", `${email} is already a user's email here`);
        continue;
      }
      seen.add(email);
      const hash = str(r.passwordHash);
      if (!/^\$2[aby]\$/.test(hash)) run.problem("Users", r.id, "password unreadable", `${email} must reset the password (not a bcrypt hash)`, false);
      const profile = ["admin", "user", "supervisor"].includes(str(r.profile)) ? str(r.profile) : "user";
      if (r.super === true) run.problem("Users", r.id, "super user", `${email} was a super user there: moved in as an admin of the company`, false);
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          name: str(r.name) || email,
          email,
          passwordHash: hash,
          profile: r.super === true ? "admin" : profile,
          super: false,
          allTicket: str(r.allTicket) === "enabled" ? "enabled" : "desabled",
          online: false,
          whatsappId: run.maps.get("Whatsapps", r.whatsappId) ?? null,
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await run.write("Users", users, items);
  }
}

/** Users' queues. */
export async function importUserQueues(run: ImportRun) {
  const rows = await run.source.query(`select uq.* from "UserQueues" uq join "Users" t on t.id = uq."userId" where true${run.companyWhere(`t."companyId"`)}`);
  run.count("UserQueues").read += rows.length;
  const links: Record<string, unknown>[] = [];
  for (const r of rows) {
    const userId = run.maps.get("Users", r.userId);
    const queueId = run.maps.get("Queues", r.queueId);
    const companyId = queueId === undefined ? undefined : run.maps.owner("Queues", queueId);
    if (userId === undefined || queueId === undefined || companyId === undefined) {
      run.problem("UserQueues", `${str(r.userId)}-${str(r.queueId)}`, "link end missing", "user or queue not moved in");
      continue;
    }
    links.push({ companyId, userId, queueId });
  }
  await run.link("UserQueues", userQueues, links);
}

import { schedules } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import { date, str } from "../values";

/** Schedules: one that should have gone out already is not sent late: it comes in as failed. */
export async function importSchedules(run: ImportRun) {
  const now = Date.now();
  for await (const rows of run.pages("Schedules", run.companyWhere(`t."companyId"`))) {
    run.count("Schedules").read += rows.length;
    const items: Pending<typeof schedules.$inferInsert>[] = [];
    for (const r of rows) {
      if (run.maps.get("Schedules", r.id) !== undefined) {
        run.count("Schedules").already++;
        continue;
      }
      const companyId = run.companyFor("Schedules", r);
      if (companyId === undefined) continue;
      const contactId = run.maps.get("Contacts", r.contactId);
      if (contactId === undefined) {
        run.problem("Schedules", r.id, "schedule's contact missing", `contact ${str(r.contactId)} was not moved in`);
        continue;
      }
      if (!r.sendAt) {
        run.problem("Schedules", r.id, "schedule without date", "no sendAt");
        continue;
      }
      const sendAt = date(r.sendAt);
      let status = r.sentAt || str(r.status) === "ENVIADA" ? "ENVIADA" : str(r.status) === "ERRO" ? "ERRO" : "PENDENTE";
      if (status === "PENDENTE" && sendAt.getTime() < now) {
        run.problem("Schedules", r.id, "schedule overdue", `was due ${sendAt.toISOString()} and not sent: moved in as failed (ERRO)`, false);
        status = "ERRO";
      }
      const file = r.mediaPath ? await run.copyMedia("Schedules", str(r.id), r.companyId, companyId, r.mediaPath, "schedules") : { key: null, name: null };
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          body: str(r.body),
          sendAt,
          sentAt: r.sentAt ? date(r.sentAt) : null,
          contactId,
          ticketId: run.maps.get("Tickets", r.ticketId) ?? null,
          userId: run.maps.get("Users", r.userId) ?? null,
          status,
          mediaPath: file.key,
          mediaName: file.key ? file.name : null,
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await run.write("Schedules", schedules, items);
  }
}

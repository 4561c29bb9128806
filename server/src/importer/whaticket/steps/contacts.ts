import { and, inArray } from "drizzle-orm";
import { contacts, type ExtraInfo } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import type { SourceRow } from "../source";
import { contactNumberOf, date, str } from "../values";

/** Contacts: numbers as digits; a number already here (twice in the source) joins the first contact. */
export async function importContacts(run: ImportRun) {
  const seen = new Map<string, number>();
  for await (const rows of run.pages("Contacts", run.companyWhere(`t."companyId"`))) {
    run.count("Contacts").read += rows.length;
    const fresh = rows.filter((r) => {
      if (run.maps.get("Contacts", r.id) === undefined) return true;
      run.count("Contacts").already++;
      return false;
    });
    const fields = fresh.length ? await run.source.query(`select * from "ContactCustomFields" where "contactId" = any($1) order by id`, [fresh.map((r) => r.id)]) : [];
    const extra = new Map<string, ExtraInfo[]>();
    for (const f of fields) extra.set(str(f.contactId), [...(extra.get(str(f.contactId)) ?? []), { name: str(f.name), value: str(f.value) }]);
    const items: Pending<typeof contacts.$inferInsert>[] = [];
    const merged: { sourceId: string; companyId: number; targetId: number }[] = [];
    const candidates: { r: SourceRow; companyId: number; number: string }[] = [];
    for (const r of fresh) {
      const companyId = run.companyFor("Contacts", r);
      if (companyId === undefined) continue;
      const number = contactNumberOf(r.number, r.isGroup === true);
      if (number === null) {
        run.problem("Contacts", r.id, "contact number invalid", `"${str(r.number)}" (${str(r.name)})`);
        continue;
      }
      candidates.push({ r, companyId, number });
    }
    const here =
      candidates.length && !run.dryRun
        ? await run.db
            .select({ id: contacts.id, companyId: contacts.companyId, number: contacts.number })
            .from(contacts)
            .where(
              and(
                inArray(contacts.companyId, [...new Set(candidates.map((c) => c.companyId))]),
                inArray(
                  contacts.number,
                  candidates.map((c) => c.number),
                ),
              ),
            )
        : [];
    for (const h of here) seen.set(`${h.companyId}:${h.number}`, h.id);
    for (const { r, companyId, number } of candidates) {
      const key = `${companyId}:${number}`;
      const same = seen.get(key);
      if (same !== undefined) {
        run.problem("Contacts", r.id, "contact number repeated", `${number} joins the contact already moved in`, false);
        merged.push({ sourceId: str(r.id), companyId, targetId: same });
        continue;
      }
      seen.set(key, 0);
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          name: str(r.name) || number,
          number,
          email: str(r.email),
          profilePicUrl: str(r.profilePicUrl),
          isGroup: r.isGroup === true,
          extraInfo: extra.get(str(r.id)) ?? [],
          whatsappId: run.maps.get("Whatsapps", r.whatsappId) ?? null,
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    const ids = await run.write("Contacts", contacts, items);
    items.forEach((it, k) => {
      seen.set(`${it.companyId}:${it.values.number}`, ids[k]);
    });
    // within one page a repeated number points at the contact added just now
    await run.merge(
      "Contacts",
      merged.map((m) => (m.targetId === 0 ? { ...m, targetId: seen.get(`${m.companyId}:${candidates.find((c) => str(c.r.id) === m.sourceId)!.number}`)! } : m)),
    );
  }
}

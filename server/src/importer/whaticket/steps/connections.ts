import crypto from "node:crypto";
import { whatsappQueues, whatsapps } from "../../../db/schema";
import type { ImportRun, Pending } from "../run";
import { date, num, str } from "../values";

/** Connections: paired again here (their sessions do not carry over), so they come in disconnected. */
export async function importWhatsapps(run: ImportRun) {
  for await (const rows of run.pages("Whatsapps", run.companyWhere(`t."companyId"`))) {
    run.count("Whatsapps").read += rows.length;
    const items: Pending<typeof whatsapps.$inferInsert>[] = [];
    for (const r of rows) {
      if (run.maps.get("Whatsapps", r.id) !== undefined) {
        run.count("Whatsapps").already++;
        continue;
      }
      const companyId = run.companyFor("Whatsapps", r);
      if (companyId === undefined) continue;
      items.push({
        sourceId: str(r.id),
        companyId,
        values: {
          companyId,
          name: str(r.name) || `WhatsApp ${str(r.id)}`,
          channel: "baileys",
          status: "DISCONNECTED",
          isDefault: r.isDefault === true,
          token: crypto.randomBytes(24).toString("hex"),
          greetingMessage: str(r.greetingMessage),
          complationMessage: str(r.complationMessage),
          outOfHoursMessage: str(r.outOfHoursMessage),
          ratingMessage: str(r.ratingMessage),
          expiresTicket: num(r.expiresTicket) ?? 0,
          expiresInactiveMessage: str(r.expiresInactiveMessage),
          timeToTransfer: num(r.timeToTransfer),
          createdAt: date(r.createdAt),
          updatedAt: date(r.updatedAt),
        },
      });
    }
    await run.write("Whatsapps", whatsapps, items);
  }
}

/** Links of connections and queues. */
export async function importWhatsappQueues(run: ImportRun) {
  const rows = await run.source.query(`select wq.* from "WhatsappQueues" wq join "Whatsapps" t on t.id = wq."whatsappId" where true${run.companyWhere(`t."companyId"`)}`);
  run.count("WhatsappQueues").read += rows.length;
  const links: Record<string, unknown>[] = [];
  for (const r of rows) {
    const whatsappId = run.maps.get("Whatsapps", r.whatsappId);
    const queueId = run.maps.get("Queues", r.queueId);
    const companyId = whatsappId === undefined ? undefined : run.maps.owner("Whatsapps", whatsappId);
    if (whatsappId === undefined || queueId === undefined || companyId === undefined) {
      run.problem("WhatsappQueues", `${str(r.whatsappId)}-${str(r.queueId)}`, "link end missing", "connection or queue not moved in");
      continue;
    }
    links.push({ companyId, whatsappId, queueId });
  }
  await run.link("WhatsappQueues", whatsappQueues, links);
}

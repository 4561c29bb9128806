import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queues, whatsappQueues, whatsapps } from "../../db/schema";
import { presentCloud } from "../../channels/cloud/config";

type WhatsappRow = typeof whatsapps.$inferSelect;

/** Connections with their queues. The token is shown to admins only; channel secrets to no one. */
export async function presentWhatsapps(db: Db, rows: WhatsappRow[], opts: { showToken: boolean } = { showToken: false }) {
  if (rows.length === 0) return [];
  const links = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(
      and(
        eq(whatsappQueues.companyId, rows[0].companyId),
        inArray(
          whatsappQueues.whatsappId,
          rows.map((r) => r.id),
        ),
      ),
    );
  // the session lease names a server process: internal, never shown
  return rows.map(({ token, cloud, sessionOwner: _owner, sessionLeaseUntil: _until, ...w }) => ({
    ...w,
    token: opts.showToken ? token : undefined,
    cloud: presentCloud(cloud, opts),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    queues: links.filter((l) => l.whatsappId === w.id).map(({ whatsappId: _, ...q }) => q),
  }));
}

export async function presentWhatsapp(db: Db, row: WhatsappRow, opts?: { showToken: boolean }) {
  const [view] = await presentWhatsapps(db, [row], opts);
  return view;
}

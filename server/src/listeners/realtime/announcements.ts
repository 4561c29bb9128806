import { eq } from "drizzle-orm";
import { companyEvent, rooms } from "@balcao/common";
import type { AppContext } from "../../context";
import type { Listener } from "../../events/types";
import { announcements, companies } from "../../db/schema";
import { presentAnnouncement, type AnnouncementRecord } from "../../modules/announcements/present";
import { idOf, viewOf } from "./viewOf";

const TYPES = new Set(["announcement.created", "announcement.updated", "announcement.deleted"]);

type Payload = { action: "create" | "update"; record: AnnouncementRecord } | { action: "delete"; id: number };

/**
 * Announcements are platform data: each company's signed-in sockets get `company-{id}-announcement`
 * in their company's room (a socket joins it only after its token is checked). An inactive one
 * reaches the super users alone; everyone else is told to drop it.
 */
export const announcementsRealtime: Listener = {
  name: "realtime.announcements",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const id = idOf(event, "announcementId");
    if (id === null) return;
    const deleted: Payload = { action: "delete", id };
    if (event.type === "announcement.deleted") return toEveryCompany(ctx, () => deleted);
    const record = await viewOf(event, "record", async () => {
      const [row] = await ctx.db.select().from(announcements).where(eq(announcements.id, id));
      return row ? presentAnnouncement(row) : null;
    });
    if (!record) return toEveryCompany(ctx, () => deleted);
    const saved: Payload = { action: event.type === "announcement.created" ? "create" : "update", record };
    if (record.status) return toEveryCompany(ctx, () => saved);
    return toEveryCompany(
      ctx,
      (companyId) => {
        ctx.realtime.server?.to(rooms.supers(companyId)).emit(companyEvent(companyId, "announcement"), saved);
        return deleted;
      },
      true,
    );
  },
};

/** Emits each company's payload to its room (without its super users' sockets when `exceptSupers`). */
async function toEveryCompany(ctx: AppContext, payloadFor: (companyId: number) => Payload, exceptSupers = false) {
  const io = ctx.realtime.server;
  if (!io) return;
  const rows = await ctx.db.select({ id: companies.id }).from(companies);
  for (const { id: companyId } of rows) {
    const payload = payloadFor(companyId);
    const room = io.to(rooms.company(companyId));
    (exceptSupers ? room.except(rooms.supers(companyId)) : room).emit(companyEvent(companyId, "announcement"), payload);
  }
}

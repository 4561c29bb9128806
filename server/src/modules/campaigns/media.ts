import { and, eq } from "drizzle-orm";
import type { AppContext, Caller } from "../../context";
import { campaigns } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { MediaFile } from "../../channels/contract";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { campaignUpdated } from "./events";
import { attachmentSent, findCampaign, findCampaignRecord } from "./service";

/** The attachment changes while the campaign is not sending or done: a running one keeps what it started with. */
async function findAttachable(ctx: AppContext, caller: Caller, id: number) {
  const row = await findCampaign(ctx.db, caller.companyId, id);
  if (row.status === "EM_ANDAMENTO" || row.status === "FINALIZADA") throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 400, { status: row.status });
  return row;
}

function saveMedia(ctx: AppContext, caller: Caller, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(campaigns)
      .set({ ...media, updatedAt: new Date() })
      .where(and(eq(campaigns.companyId, caller.companyId), eq(campaigns.id, id)))
      .returning();
    if (!row) return null;
    const record = (await findCampaignRecord(tx, caller.companyId, id))!;
    events.add(campaignUpdated(record, ["mediaPath", "mediaName"], actorOf(caller)));
    return record;
  });
}

/** POST /campaigns/:id/media-upload: stored under the company, replacing any earlier attachment. */
export async function attachCampaignMedia(ctx: AppContext, caller: Caller, id: number, file: MediaFile) {
  const before = await findAttachable(ctx, caller, id);
  const stored = await ctx.media.save(caller.companyId, file.data, file.filename);
  const record = await saveMedia(ctx, caller, id, { mediaPath: stored.key, mediaName: stored.filename });
  if (!record) {
    await ctx.media.remove(caller.companyId, stored.key).catch(() => undefined);
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (before.mediaPath && before.mediaPath !== stored.key && !(await attachmentSent(ctx.db, caller.companyId, id))) await ctx.media.remove(caller.companyId, before.mediaPath).catch(() => undefined);
  return record;
}

/** DELETE /campaigns/:id/media-upload. */
export async function detachCampaignMedia(ctx: AppContext, caller: Caller, id: number) {
  const before = await findAttachable(ctx, caller, id);
  const record = await saveMedia(ctx, caller, id, { mediaPath: null, mediaName: null });
  if (!record) throw new AppError("ERR_NOT_FOUND", 404);
  if (before.mediaPath && !(await attachmentSent(ctx.db, caller.companyId, id))) await ctx.media.remove(caller.companyId, before.mediaPath).catch(() => undefined);
  return record;
}

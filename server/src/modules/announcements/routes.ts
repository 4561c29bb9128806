import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { announcementBody, announcementsQuery, announcementsSeenResponse, idParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { mimeOf } from "../../media/store";
import { requireSuper } from "../../policies";
import { attachAnnouncementMedia, detachAnnouncementMedia, readAnnouncementImage, readAnnouncementMedia } from "./media";
import { presentAnnouncement } from "./present";
import { markSeen, seenState } from "./seen";
import * as announcementsService from "./service";
import { announcementDeleted, announcementMedia, announcementMediaAnswer, announcementRecord, announcementsPage } from "./responses";

const tags = ["announcements"];
// before validation: a caller who may not manage announcements learns nothing about the body's shape
const superOnly = { preValidation: async (request: FastifyRequest) => requireSuper(request.caller) };

/**
 * Announcements (administration §2, §7): platform data without a company. Every signed-in user
 * reads the active ones; the super user reads all and is the only one who writes (others get
 * 403 ERR_NO_PERMISSION).
 */
export function announcementRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/announcements", { schema: { querystring: announcementsQuery, tags, response: { 200: announcementsPage } } }, async (request) => announcementsService.listAnnouncements(ctx.db, request.caller, request.query));

    // The top bar's dot: { lastSeenAt, unseen } for the caller; PUT marks everything up to now as seen.
    r.get("/announcements/seen", { schema: { tags, description: "Whether the caller has active announcements changed since last opening the popover.", response: { 200: announcementsSeenResponse } } }, async (request) =>
      seenState(ctx.db, request.caller),
    );

    r.put("/announcements/seen", { schema: { tags, description: "The caller opened the announcements popover: all up to now counts as seen.", response: { 200: announcementsSeenResponse } } }, async (request) =>
      markSeen(ctx.db, request.caller),
    );

    r.get("/announcements/:id", { schema: { params: idParams, tags, response: { 200: announcementRecord } } }, async (request) =>
      presentAnnouncement(await announcementsService.findVisibleAnnouncement(ctx.db, request.caller, request.params.id)),
    );

    r.post("/announcements", { ...superOnly, schema: { body: announcementBody, tags, response: { 201: announcementRecord } } }, async (request, reply) =>
      reply.status(201).send(await announcementsService.createAnnouncement(ctx, request.caller, request.body)),
    );

    r.put("/announcements/:id", { ...superOnly, schema: { params: idParams, body: announcementBody, tags, response: { 200: announcementRecord } } }, async (request) =>
      announcementsService.updateAnnouncement(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/announcements/:id", { ...superOnly, schema: { params: idParams, tags, response: { 200: announcementDeleted } } }, async (request) => {
      await announcementsService.deleteAnnouncement(ctx, request.caller, request.params.id);
      return { message: "Announcement deleted" };
    });

    r.post("/announcements/:id/media-upload", { ...superOnly, bodyLimit: 6 * 1024 * 1024, schema: { params: idParams, tags, response: { 200: announcementMediaAnswer } } }, async (request) => {
      // the record is checked before the upload is read: no file reaches the disk for nothing
      await announcementsService.findVisibleAnnouncement(ctx.db, request.caller, request.params.id);
      const image = await readAnnouncementImage(request);
      return { mensagem: "Arquivo Anexado", record: await attachAnnouncementMedia(ctx, request.caller, request.params.id, image) };
    });

    r.delete("/announcements/:id/media-upload", { ...superOnly, schema: { params: idParams, tags, response: { 200: announcementMediaAnswer } } }, async (request) => ({
      mensagem: "Arquivo Excluído",
      record: await detachAnnouncementMedia(ctx, request.caller, request.params.id),
    }));

    r.get("/media/announcements/:id", { schema: { params: idParams, tags, response: { 200: announcementMedia } } }, async (request, reply) => {
      const media = await readAnnouncementMedia(ctx, request.caller, request.params.id);
      if (media.file.size !== undefined) reply.header("content-length", media.file.size);
      return reply.header("content-type", mimeOf(media.name)).header("content-disposition", `inline; filename="${media.name}"`).header("cache-control", "private, no-store").send(media.file.stream);
    });
  };
}

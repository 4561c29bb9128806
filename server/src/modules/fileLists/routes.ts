import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fileListBody, fileListsQuery, idParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { authorize } from "../../policies";
import { readOptionMedia } from "./media";
import * as fileListsService from "./service";
import { UPLOAD_BODY_LIMIT, attachOptionFiles, readOptionUploads } from "./upload";
import { fileListDeleted, fileListOptionMedia, fileListRecord, fileListsPage, fileListUploadAnswer } from "./responses";

const tags = ["files"];
// before validation: a caller who may not manage file lists learns nothing about the body's shape
const managers = { preValidation: async (request: FastifyRequest) => authorize(request.caller, "files:manage") };

/**
 * File lists (administration §2, §7 "Files"): every user of the company reads them; admins
 * create, change, upload their files and delete them. Another company's list is not found.
 */
export function fileListRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // the spec's client asks for `GET /files/`
    r.get("/files", { schema: { querystring: fileListsQuery, tags, response: { 200: fileListsPage } } }, async (request) => fileListsService.listFileLists(ctx.db, request.caller, request.query));

    r.get("/files/:id", { schema: { params: idParams, tags, response: { 200: fileListRecord } } }, async (request) => fileListsService.showFileList(ctx.db, request.caller, request.params.id));

    r.post("/files", { ...managers, schema: { body: fileListBody, tags, response: { 201: fileListRecord } } }, async (request, reply) =>
      reply.status(201).send(await fileListsService.createFileList(ctx, request.caller, request.body)),
    );

    r.put("/files/:id", { ...managers, schema: { params: idParams, body: fileListBody, tags, response: { 200: fileListRecord } } }, async (request) =>
      fileListsService.updateFileList(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/files/:id", { ...managers, schema: { params: idParams, tags, response: { 200: fileListDeleted } } }, async (request) => {
      await fileListsService.deleteFileList(ctx, request.caller, request.params.id);
      return { message: "File List deleted" };
    });

    r.post(
      "/files/uploadList/:id",
      {
        ...managers,
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: { params: idParams, tags, description: "Multipart: per option its file (`files`), `mediaType`, `name` and `id`; also `fileId` and `typeArch` 'fileList'.", response: { 200: fileListUploadAnswer } },
      },
      async (request) => {
        // the list is checked before the upload is read: a stranger's file never reaches the store
        await fileListsService.findFileList(ctx.db, request.caller, request.params.id);
        const uploads = await readOptionUploads(ctx, request.caller, request);
        const { record, files } = await attachOptionFiles(ctx, request.caller, request.params.id, uploads);
        return { message: "Files processed", files, record };
      },
    );

    r.get("/media/files/options/:id", { schema: { params: idParams, tags, response: { 200: fileListOptionMedia } } }, async (request, reply) => {
      const media = await readOptionMedia(ctx, request.caller, request.params.id);
      if (media.file.size !== undefined) reply.header("content-length", media.file.size);
      return reply.header("content-type", media.mimetype).header("content-disposition", `inline; filename="${media.name}"`).header("cache-control", "private, no-store").send(media.file.stream);
    });
  };
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParams, isScheduleMediaName, SCHEDULE_MEDIA_MAX_BYTES, scheduleBody, schedulesQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { readForm } from "../../http/multipartForm";
import { requirePlanFlag } from "../../policies/plan";
import * as schedulesService from "./service";
import { scheduleDeleted, scheduleMediaAnswer, schedulesPage, scheduleView } from "./responses";

const fileError = (message: string) => new AppError("ERR_VALIDATION", 400, { field: "file", message: `file: ${message}` });

/** The one image of a media-upload request (field `file`): .png, .jpg or .jpeg only. */
async function readImage(request: FastifyRequest) {
  if (!request.isMultipart()) throw fileError("Required");
  const image = await readForm(
    request,
    async (parts) => {
      for await (const part of parts) {
        if (part.type !== "file") continue;
        if (!isScheduleMediaName(part.filename)) {
          part.file.resume(); // drain it: the reply goes out once the request is read
          throw fileError("Invalid value");
        }
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === "FST_REQ_FILE_TOO_LARGE") throw fileError("Too Long!");
          throw err;
        });
        return { data, filename: part.filename };
      }
      return null;
    },
    { limits: { fileSize: SCHEDULE_MEDIA_MAX_BYTES, files: 1 } },
  );
  if (!image) throw fileError("Required");
  return image;
}

/** Messages scheduled for later (spec core-workspace §7, administration §7); plan flag useSchedules. */
export function scheduleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // before validation: a company without the feature is refused whatever it sends
    app.addHook("preValidation", async (request) => requirePlanFlag(ctx.db, request.caller.companyId, "useSchedules"));

    // the spec's client asks for `GET /schedules/`; without this alias it would reach `/schedules/:id`
    r.get("/schedules", { schema: { querystring: schedulesQuery, tags: ["schedules"], response: { 200: schedulesPage } } }, async (request) => schedulesService.listSchedules(ctx.db, request.caller, request.query));

    r.get("/schedules/:id", { schema: { params: idParams, tags: ["schedules"], response: { 200: scheduleView } } }, async (request) => schedulesService.showSchedule(ctx.db, request.caller, request.params.id));

    r.post("/schedules", { schema: { body: scheduleBody, tags: ["schedules"], response: { 201: scheduleView } } }, async (request, reply) =>
      reply.status(201).send(await schedulesService.createSchedule(ctx, request.caller, request.body)),
    );

    r.put("/schedules/:id", { schema: { params: idParams, body: scheduleBody, tags: ["schedules"], response: { 200: scheduleView } } }, async (request) =>
      schedulesService.updateSchedule(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/schedules/:id", { schema: { params: idParams, tags: ["schedules"], response: { 200: scheduleDeleted } } }, async (request) => {
      await schedulesService.deleteSchedule(ctx, request.caller, request.params.id);
      return { message: "Schedule deleted" };
    });

    r.post("/schedules/:id/media-upload", { schema: { params: idParams, tags: ["schedules"], response: { 200: scheduleMediaAnswer } } }, async (request) => {
      // the schedule is checked first: nothing is stored for a schedule the caller cannot change
      await schedulesService.loadChangeableSchedule(ctx.db, request.caller, request.params.id);
      const schedule = await schedulesService.attachMedia(ctx, request.caller, request.params.id, await readImage(request));
      return { mensagem: "Arquivo Anexado", schedule };
    });

    r.delete("/schedules/:id/media-upload", { schema: { params: idParams, tags: ["schedules"], response: { 200: scheduleMediaAnswer } } }, async (request) => {
      const schedule = await schedulesService.detachMedia(ctx, request.caller, request.params.id);
      return { mensagem: "Arquivo Excluído", schedule };
    });
  };
}

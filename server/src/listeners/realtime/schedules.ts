import type { Listener } from "../../events/types";
import type { ScheduleView } from "@balcao/common";
import { findScheduleView } from "../../modules/schedules/present";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["schedule.created", "schedule.updated", "schedule.deleted"]);

/** Schedules to the company's sockets (`company-{id}-schedule`), whoever changed them (a user or the sending job). */
export const schedulesRealtime: Listener = {
  name: "realtime.schedules",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "scheduleId");
    if (!subject) return;
    const { companyId, id: scheduleId } = subject;
    const deleted = { action: "delete", scheduleId };
    if (event.type === "schedule.deleted") return ctx.realtime.toCompany(companyId, "schedule", deleted);
    const schedule = await viewOf<ScheduleView>(event, "schedule", () => findScheduleView(ctx.db, companyId, scheduleId));
    ctx.realtime.toCompany(companyId, "schedule", schedule ? { action: event.type === "schedule.created" ? "create" : "update", schedule } : deleted);
  },
};

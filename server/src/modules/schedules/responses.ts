import { z } from "zod";
import { SCHEDULE_STATUSES } from "@balcao/common";
import { id, messageAnswer, looseEntity, page, timestamp } from "../../http/responses/shapes";
import { templateChoiceAnswer } from "../messages/responses";

const ref = looseEntity({ id, name: z.string() });

/** A schedule with its contact's and user's id and name. */
export const scheduleView = looseEntity({
  id,
  body: z.string(),
  sendAt: timestamp,
  sentAt: timestamp.nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  contactId: id,
  ticketId: id.nullable(),
  userId: id.nullable(),
  companyId: id,
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  template: templateChoiceAnswer.nullable(),
  failure: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  contact: ref.nullable(),
  user: ref.nullable(),
}).meta({ description: "A message scheduled for later, PENDENTE until it is ENVIADA (or ERRO)." });

export const schedulesPage = page("schedules", scheduleView).meta({ description: "A page of the company's schedules." });

export const scheduleDeleted = messageAnswer;

/** `{ mensagem, schedule }`: the original's answer to attaching or removing the image. */
export const scheduleMediaAnswer = looseEntity({ mensagem: z.string(), schedule: scheduleView }).meta({
  description: "The schedule after its image was attached or removed.",
});

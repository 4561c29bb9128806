import { z } from "zod";
import { dateText, id, messageAnswer, looseEntity, page, timestamp } from "../../http/responses/shapes";
import { settingItem } from "../settings/responses";

/** A user's queue, with the link row the spec's client reads (`queues[i].UserQueue.queueId`). */
export const userQueueRef = looseEntity({
  id,
  name: z.string(),
  color: z.string(),
  UserQueue: looseEntity({ userId: id, queueId: id }),
});

/** A user as the users screen lists it. */
export const userListItem = looseEntity({
  id,
  name: z.string(),
  email: z.string(),
  profile: z.string(),
  companyId: id,
  online: z.boolean(),
  paused: z.boolean().meta({ description: "The attendant paused themself: automatic assignment gives them nothing." }),
  capacity: z.number().int().meta({ description: "Open tickets automatic assignment gives the attendant at once." }),
  allTicket: z.string(),
  whatsappId: id.nullable(),
  createdAt: timestamp,
  queues: z.array(userQueueRef),
  company: looseEntity({ id, name: z.string() }),
}).meta({ description: "A user of the company, with its queues." });

export const usersPage = page("users", userListItem).meta({ description: "A page of the company's users." });

export const userNames = z.array(looseEntity({ id, name: z.string(), email: z.string(), queues: z.array(userQueueRef) })).meta({ description: "Every user of the company, for selects." });

/** The signed-in user with its company, due date and settings (auth answers and /auth/me). */
export const sessionUser = looseEntity({
  id,
  name: z.string(),
  email: z.string(),
  profile: z.enum(["admin", "user", "supervisor"]),
  super: z.boolean(),
  allTicket: z.enum(["enabled", "desabled"]),
  online: z.boolean(),
  paused: z.boolean(),
  capacity: z.number().int(),
  companyId: id,
  whatsappId: id.nullable(),
  queues: z.array(userQueueRef),
  company: looseEntity({
    id,
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    status: z.boolean(),
    dueDate: dateText.nullable(),
    recurrence: z.string().nullable(),
    planId: id.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    settings: z.array(settingItem),
  }),
}).meta({ description: "The signed-in user, its queues and its company with settings." });

export const userDeleted = messageAnswer;

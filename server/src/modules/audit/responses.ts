import { z } from "zod";
import { id, looseEntity, timestamp } from "../../http/responses/shapes";

/** Who did what to which record, when and from where. */
export const auditLog = looseEntity({
  id,
  companyId: id.nullable().meta({ description: "Null for a failed sign-in with an unknown email." }),
  companyName: z.string().nullable(),
  userId: id.nullable(),
  userName: z.string().nullable(),
  action: z.string().meta({ description: "The domain event's type, e.g. `user.updated`." }),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  occurredAt: timestamp,
}).meta({ description: "One entry of the audit trail." });

export const auditLogsPage = looseEntity({ auditLogs: z.array(auditLog), count: z.number().int(), hasMore: z.boolean() }).meta({ description: "A page of the audit trail, newest first." });

const named = looseEntity({ id, name: z.string() });

export const auditLogFilters = looseEntity({
  users: z.array(named),
  companies: z.array(named).meta({ description: "Empty unless the caller is the super user." }),
}).meta({ description: "The users (and, for the super user, companies) the visible trail names." });

import type { Plan } from "@balcao/common";
import type { plans } from "../../db/schema";

// an inferred object type (a Plan, checked by `satisfies`) meets the declared answer's loose schema
export function presentPlan(p: typeof plans.$inferSelect) {
  return {
    id: p.id,
    name: p.name,
    users: p.users,
    connections: p.connections,
    queues: p.queues,
    value: Number(p.value),
    useCampaigns: p.useCampaigns,
    useSchedules: p.useSchedules,
    useInternalChat: p.useInternalChat,
    useExternalApi: p.useExternalApi,
    useKanban: p.useKanban,
    useOpenAi: p.useOpenAi,
    useIntegrations: p.useIntegrations,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  } satisfies Plan;
}

import type { QueueIntegrationRecord, QueueIntegrationType } from "@balcao/common";
import type { queueIntegrations } from "../../db/schema";

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;

/** An integration as the page, the dialogs' selects and the events carry it: its secrets never, only whether they exist. */
export function presentQueueIntegration(row: QueueIntegrationRow) {
  return {
    id: row.id,
    type: row.type as QueueIntegrationType,
    name: row.name,
    projectName: row.projectName,
    language: row.language,
    urlN8N: row.urlN8N,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotRestartMessage: row.typebotRestartMessage,
    typebotUnknownMessage: row.typebotUnknownMessage,
    hasJsonContent: row.jsonContent !== "",
    clientEmail: row.clientEmail,
    secretLast4: row.secretLast4,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies QueueIntegrationRecord;
}

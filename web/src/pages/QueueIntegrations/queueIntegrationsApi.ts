import type { QueueIntegrationFormInput, QueueIntegrationRecord } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

export const QUEUE_INTEGRATIONS_PAGE_KEY = ["queueIntegrations", "page"] as const;

export async function fetchQueueIntegrationsPage(searchParam: string, pageNumber: number): Promise<ListPage<QueueIntegrationRecord>> {
  const { data } = await api.get<{ queueIntegrations: QueueIntegrationRecord[]; count: number; hasMore: boolean }>("/queueIntegration", { params: { searchParam, pageNumber } });
  return { items: data.queueIntegrations, count: data.count, hasMore: data.hasMore };
}

export async function fetchQueueIntegration(id: number): Promise<QueueIntegrationRecord> {
  const { data } = await api.get<QueueIntegrationRecord>(`/queueIntegration/${id}`);
  return data;
}

/** Creates (id null) or updates; a new webhook or n8n integration answers its signing secret once. */
export async function saveQueueIntegration(id: number | null, body: QueueIntegrationFormInput): Promise<QueueIntegrationRecord & { secret?: string }> {
  const { data } = id === null ? await api.post("/queueIntegration", body) : await api.put(`/queueIntegration/${id}`, body);
  return data;
}

export async function deleteQueueIntegration(id: number): Promise<void> {
  await api.delete(`/queueIntegration/${id}`);
}

export async function testDialogflowSession(body: { projectName: string; jsonContent: string; language: string }) {
  const { data } = await api.post<{ ok: boolean; messages: string[] }>("/queueIntegration/testSession", body);
  return data;
}

export const integrationMatches = (record: QueueIntegrationRecord, search: string) => !search || record.name.toLowerCase().includes(search);

import type { AssignmentMode, QueueBody, QueueOptionFieldsInput, ScheduleEntry } from "@balcao/common";
import { api } from "../../api/client";
import { errorStatus } from "../../api/errors";

/** A queue as GET /queue lists it. */
export interface QueueListItem {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
}

/** A whole queue as GET/POST/PUT /queue and queue events carry it. */
export interface QueueRecord extends QueueListItem {
  schedules: ScheduleEntry[];
  promptId: number | null;
  integrationId: number | null;
  slaFirstResponseMinutes: number | null;
  slaResolutionMinutes: number | null;
  assignmentMode: AssignmentMode;
}

/** One node of a queue's chatbot menu. */
export interface QueueOption {
  id: number;
  title: string;
  message: string;
  option: string;
  queueId: number;
  parentId: number | null;
}

export interface NamedRef {
  id: number;
  name: string;
}

export async function fetchQueueList(): Promise<QueueListItem[]> {
  const { data } = await api.get<QueueListItem[]>("/queue");
  return data;
}

export async function fetchQueue(id: number): Promise<QueueRecord> {
  const { data } = await api.get<QueueRecord>(`/queue/${id}`);
  return data;
}

export async function saveQueue(id: number | null, body: QueueBody): Promise<QueueRecord> {
  const { data } = id ? await api.put<QueueRecord>(`/queue/${id}`, body) : await api.post<QueueRecord>("/queue", body);
  return data;
}

export async function deleteQueue(id: number): Promise<void> {
  await api.delete(`/queue/${id}`);
}

/** The options under `parentId` (null: the top level) of one queue. */
export async function fetchQueueOptions(queueId: number, parentId: number | null): Promise<QueueOption[]> {
  const { data } = await api.get<QueueOption[]>("/queue-options", { params: { queueId, parentId: parentId ?? -1 } });
  return data;
}

export async function createQueueOption(body: QueueOptionFieldsInput & { queueId: number; parentId: number | null }): Promise<QueueOption> {
  const { data } = await api.post<QueueOption>("/queue-options", body);
  return data;
}

export async function updateQueueOption(id: number, body: QueueOptionFieldsInput): Promise<QueueOption> {
  const { data } = await api.put<QueueOption>(`/queue-options/${id}`, body);
  return data;
}

export async function deleteQueueOption(id: number): Promise<void> {
  await api.delete(`/queue-options/${id}`);
}

/** Queue integrations feed the dialog's select; a server without them (404) reads as none. */
export async function fetchIntegrations(): Promise<NamedRef[]> {
  try {
    const { data } = await api.get<NamedRef[] | { queueIntegrations?: NamedRef[] }>("/queueIntegration");
    if (Array.isArray(data)) return data;
    return Array.isArray(data?.queueIntegrations) ? data.queueIntegrations : [];
  } catch (err) {
    if (errorStatus(err) === 404) return [];
    throw err;
  }
}

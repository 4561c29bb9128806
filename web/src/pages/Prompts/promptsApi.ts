import type { PromptFormInput, PromptRecord } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

export const PROMPTS_PAGE_KEY = ["prompts", "page"] as const;

export async function fetchPromptsPage(searchParam: string, pageNumber: number): Promise<ListPage<PromptRecord>> {
  const { data } = await api.get<{ prompts: PromptRecord[]; count: number; hasMore: boolean }>("/prompt", { params: { searchParam, pageNumber } });
  return { items: data.prompts, count: data.count, hasMore: data.hasMore };
}

export async function fetchPrompt(id: number): Promise<PromptRecord> {
  const { data } = await api.get<PromptRecord>(`/prompt/${id}`);
  return data;
}

/** Creates (id null) or updates; keys left empty keep the stored ones. */
export async function savePrompt(id: number | null, body: PromptFormInput): Promise<PromptRecord> {
  const { data } = id === null ? await api.post<PromptRecord>("/prompt", body) : await api.put<PromptRecord>(`/prompt/${id}`, body);
  return data;
}

/** Answers the server's message, shown as it says it. */
export async function deletePrompt(id: number): Promise<string> {
  const { data } = await api.delete<{ message: string }>(`/prompt/${id}`);
  return data.message;
}

export const promptMatches = (record: PromptRecord, search: string) => !search || record.name.toLowerCase().includes(search);

import type { DeadLettersPage, DeadLetterView } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

export const DEAD_LETTERS_KEY = ["deadLetters"] as const;

export async function fetchDeadLettersPage(_search: string, pageNumber: number): Promise<ListPage<DeadLetterView>> {
  const { data } = await api.get<DeadLettersPage>("/dead-letters", { params: { pageNumber } });
  return { items: data.deadLetters, count: data.count, hasMore: data.hasMore };
}

export async function dismissDeadLetter(id: number): Promise<void> {
  await api.delete(`/dead-letters/${id}`);
}

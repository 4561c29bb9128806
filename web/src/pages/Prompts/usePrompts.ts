import type { PromptRecord } from "@balcao/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deletePrompt, fetchPromptsPage, promptMatches, PROMPTS_PAGE_KEY } from "./promptsApi";

interface PromptEvent {
  action: string;
  record?: PromptRecord;
  id?: number;
}

/** The company's prompts, searched and paged, kept live by `company-{id}-prompt`. */
export function usePrompts(search: string) {
  const queryClient = useQueryClient();
  const list = usePagedList<PromptRecord>({ baseKey: PROMPTS_PAGE_KEY, search, fetchPage: fetchPromptsPage });
  const { upsert, remove } = list;
  const save = (record: PromptRecord) => upsert(record, (keySearch) => promptMatches(record, keySearch));
  // the connection and queue dialogs' selects read the same list
  const refreshSelects = () => void queryClient.invalidateQueries({ queryKey: ["prompts", "options"] });

  useCompanyEvent<PromptEvent>("prompt", (event) => {
    if (event.action === "delete" && event.id) remove(Number(event.id));
    else if (event.record?.id) save(event.record);
    refreshSelects();
  });

  const removePrompt = useMutation({
    mutationFn: (id: number) => deletePrompt(id),
    onSuccess: (message, id) => {
      remove(id);
      refreshSelects();
      toast.info(message);
    },
  });

  return { ...list, save, removePrompt };
}

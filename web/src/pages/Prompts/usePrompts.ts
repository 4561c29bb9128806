import type { PromptRecord } from "@balcao/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { useTranslation } from "react-i18next";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deletePrompt, fetchPromptsPage, promptMatches, PROMPTS_PAGE_KEY } from "./promptsApi";

/** The message DELETE /prompt/:id answers. */
const DELETED = "Prompt deleted";

interface PromptEvent {
  action: string;
  record?: PromptRecord;
  id?: number;
}

/** The company's prompts, searched and paged, kept live by `company-{id}-prompt`. */
export function usePrompts(search: string) {
  const { t } = useTranslation();
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
      // the server answers a fixed English text: the toast says it in the user's language
      toast.info(message === DELETED ? t("prompts.deleted") : message);
    },
  });

  return { ...list, save, removePrompt };
}

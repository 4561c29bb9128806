import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { DeadLetterView } from "@balcao/common";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";
import { DEAD_LETTERS_KEY, dismissDeadLetter, fetchDeadLettersPage } from "./deadLettersApi";

interface DeadLetterEvent {
  action: "create" | "delete";
  id: number;
}

/** The company's dead letters, newest first, a page at a time, kept live by `company-{id}-deadLetter`. */
export function useDeadLetters() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<DeadLetterView>({ baseKey: DEAD_LETTERS_KEY, search: "", fetchPage: fetchDeadLettersPage });
  const { remove } = list;

  useCompanyEvent<DeadLetterEvent>("deadLetter", (event) => {
    if (event.action === "delete") remove(event.id);
    // a new one goes on top: the first page is read again
    else void queryClient.invalidateQueries({ queryKey: DEAD_LETTERS_KEY });
  });

  const dismiss = useMutation({
    mutationFn: (id: number) => dismissDeadLetter(id),
    onSuccess: (_, id) => {
      remove(id);
      toast.success(t("connections.deadLetters.dismissed"));
    },
  });

  return { ...list, dismiss };
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { QueueOptionFieldsInput } from "@balcao/common";
import { createQueueOption, deleteQueueOption, fetchQueueOptions, updateQueueOption, type QueueOption } from "../queuesApi";

export const queueOptionsKey = (queueId: number, parentId: number | null) => ["queueOptions", queueId, parentId ?? -1] as const;

/** One level of a queue's chatbot menu (the options under `parentId`) and the calls that change it. */
export function useQueueOptionLevel(queueId: number, parentId: number | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = queueOptionsKey(queueId, parentId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchQueueOptions(queueId, parentId) });
  const setLevel = (update: (list: QueueOption[]) => QueueOption[]) => queryClient.setQueryData<QueueOption[]>(key, (list) => update(list ?? []));

  const create = useMutation({
    mutationFn: (fields: QueueOptionFieldsInput) => createQueueOption({ ...fields, queueId, parentId }),
    onSuccess: (created) => {
      setLevel((list) => [...list, created]);
      toast.success(t("queues.options.saved"));
    },
  });

  const update = useMutation({
    mutationFn: ({ id, fields }: { id: number; fields: QueueOptionFieldsInput }) => updateQueueOption(id, fields),
    onSuccess: (saved) => {
      setLevel((list) => list.map((o) => (o.id === saved.id ? saved : o)));
      toast.success(t("queues.options.saved"));
    },
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteQueueOption(id),
    onSuccess: (_, id) => {
      setLevel((list) => list.filter((o) => o.id !== id));
      // the subtree went with it on the server
      queryClient.removeQueries({ queryKey: queueOptionsKey(queueId, id) });
      toast.success(t("queues.options.deleted"));
    },
  });

  return { query, create, update, remove };
}

export type QueueOptionLevel = ReturnType<typeof useQueueOptionLevel>;

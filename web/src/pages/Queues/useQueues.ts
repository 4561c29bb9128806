import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { queryKeys } from "../../api/queryKeys";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteQueue, fetchQueueList, type QueueListItem } from "./queuesApi";
import { upsertQueue } from "./queueList";

interface QueueEvent {
  action: string;
  queue?: QueueListItem;
  queueId?: number;
}

/**
 * The company's queues, live: the cache entry is the one every queue select reads,
 * so a queue saved here (or by another admin) shows everywhere at once.
 */
export function useQueues() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = queryKeys.queues;
  const query = useQuery({ queryKey: key, queryFn: fetchQueueList });

  useCompanyEvent<QueueEvent>("queue", (event) => {
    if (event.action === "delete" && event.queueId) {
      queryClient.setQueryData<QueueListItem[]>(key, (list) => list?.filter((q) => q.id !== event.queueId));
      return;
    }
    if ((event.action === "update" || event.action === "create") && event.queue?.id) {
      queryClient.setQueryData<QueueListItem[]>(key, (list) => upsertQueue(list, event.queue!));
    }
  });

  const upsert = (queue: QueueListItem) => queryClient.setQueryData<QueueListItem[]>(key, (list) => upsertQueue(list, queue));

  const remove = useMutation({
    mutationFn: (id: number) => deleteQueue(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<QueueListItem[]>(key, (list) => list?.filter((q) => q.id !== id));
      toast.success(t("queues.deleted"));
    },
  });

  return { query, upsert, remove };
}

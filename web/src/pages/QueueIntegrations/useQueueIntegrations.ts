import type { QueueIntegrationRecord } from "@balcao/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteQueueIntegration, fetchQueueIntegrationsPage, integrationMatches, QUEUE_INTEGRATIONS_PAGE_KEY } from "./queueIntegrationsApi";

interface IntegrationEvent {
  action: string;
  record?: QueueIntegrationRecord;
  id?: number;
}

/** The company's queue integrations, searched and paged, kept live by `company-{id}-queueIntegration`. */
export function useQueueIntegrations(search: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<QueueIntegrationRecord>({ baseKey: QUEUE_INTEGRATIONS_PAGE_KEY, search, fetchPage: fetchQueueIntegrationsPage });
  const { upsert, remove } = list;
  const save = (record: QueueIntegrationRecord) => upsert(record, (keySearch) => integrationMatches(record, keySearch));
  // the queue and connection dialogs' selects read the same list
  const refreshSelects = () => {
    void queryClient.invalidateQueries({ queryKey: ["queueIntegrations", "options"] });
    void queryClient.invalidateQueries({ queryKey: ["queueIntegrations", "connectionOptions"] });
  };

  useCompanyEvent<IntegrationEvent>("queueIntegration", (event) => {
    if (event.action === "delete" && event.id) remove(Number(event.id));
    else if (event.record?.id) save(event.record);
    refreshSelects();
  });

  const removeIntegration = useMutation({
    mutationFn: (id: number) => deleteQueueIntegration(id),
    onSuccess: (_, id) => {
      remove(id);
      refreshSelects();
      toast.success(t("queueIntegrations.deleted"));
    },
  });

  return { ...list, save, removeIntegration };
}

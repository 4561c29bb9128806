import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { fetchConnections } from "../../api/sandbox";
import { queryKeys } from "../../api/queryKeys";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteConnection, sessionAction, type ConnectionRecord } from "./connectionsApi";

interface ConnectionEvent {
  action: string;
  whatsapp?: ConnectionRecord;
  session?: ConnectionRecord;
  whatsappId?: number;
}

export function mergeConnection(list: ConnectionRecord[] | undefined, record: ConnectionRecord): ConnectionRecord[] | undefined {
  if (!list) return list;
  return list.some((w) => w.id === record.id) ? list.map((w) => (w.id === record.id ? { ...w, ...record } : w)) : [...list, record];
}

/**
 * The company's connections, live. The cache entry is the one the layout's warning badge and
 * the simulator read, so every screen sees the same statuses.
 */
export function useConnections(companyId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = queryKeys.whatsapps(companyId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchConnections(companyId) as Promise<ConnectionRecord[]> });

  const onEvent = (event: ConnectionEvent) => {
    const current = queryClient.getQueryData<ConnectionRecord[]>(key);
    if (event.action === "delete" && event.whatsappId) {
      if (current)
        queryClient.setQueryData(
          key,
          current.filter((w) => w.id !== event.whatsappId),
        );
      return;
    }
    const record = event.whatsapp ?? event.session;
    if (event.action !== "update" || !record?.id) return;
    if (current) queryClient.setQueryData(key, mergeConnection(current, record));
    else void queryClient.invalidateQueries({ queryKey: key });
  };
  useCompanyEvent<ConnectionEvent>("whatsapp", onEvent);
  useCompanyEvent<ConnectionEvent>("whatsappSession", onEvent);

  /** A saved record: its session fields may be older than the session events already applied. */
  const upsert = (record: ConnectionRecord) => {
    queryClient.setQueryData<ConnectionRecord[]>(key, (list) => {
      const known = list?.find((w) => w.id === record.id);
      return mergeConnection(list, known ? { ...record, status: known.status, qrcode: known.qrcode } : record);
    });
    void queryClient.invalidateQueries({ queryKey: key });
  };

  const session = useMutation({
    mutationFn: ({ id, method }: { id: number; method: "post" | "put" | "delete" }) => sessionAction(id, method),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteConnection(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<ConnectionRecord[]>(key, (list) => list?.filter((w) => w.id !== id));
      toast.success(t("connections.deleted"));
      // another connection may have become the default
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  return { query, upsert, session, remove };
}

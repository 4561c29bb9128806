import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CONNECTION_WARNING_CHECK_DELAY_MS, CONNECTION_WARNING_STATUSES, type WhatsappSummary } from "@balcao/common";
import { fetchWhatsapps } from "../../api/resources";
import { queryKeys } from "../../api/queryKeys";
import { useCompanyEvent } from "../../realtime/socketContext";

interface WhatsappEvent {
  action: string;
  whatsapp?: WhatsappSummary;
  session?: WhatsappSummary;
  whatsappId?: number;
}

function applyEvent(list: WhatsappSummary[] | undefined, event: WhatsappEvent): WhatsappSummary[] | undefined {
  if (!list) return list;
  if (event.action === "delete" && event.whatsappId) return list.filter((w) => w.id !== event.whatsappId);
  const record = event.whatsapp ?? event.session;
  if (event.action === "update" && record?.id) {
    return list.some((w) => w.id === record.id) ? list.map((w) => (w.id === record.id ? { ...w, ...record } : w)) : [...list, record];
  }
  return list;
}

/**
 * True when a connection is in a status that needs attention (qrcode, PAIRING, DISCONNECTED,
 * TIMEOUT, OPENING). Checked 2 s after the list loads and after every change to it.
 */
export function useConnectionWarning(companyId: number, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const key = queryKeys.whatsapps(companyId);
  const { data } = useQuery({ queryKey: key, queryFn: () => fetchWhatsapps(companyId), enabled, meta: { silent: true } });
  const [warning, setWarning] = useState(false);

  const onEvent = (event: WhatsappEvent) => {
    if (!enabled) return;
    const current = queryClient.getQueryData<WhatsappSummary[]>(key);
    const next = applyEvent(current, event);
    if (next === current) void queryClient.invalidateQueries({ queryKey: key });
    else queryClient.setQueryData(key, next);
  };
  useCompanyEvent<WhatsappEvent>("whatsapp", onEvent);
  useCompanyEvent<WhatsappEvent>("whatsappSession", onEvent);

  useEffect(() => {
    if (!data) return;
    const timer = window.setTimeout(() => setWarning(data.some((w) => CONNECTION_WARNING_STATUSES.includes(w.status))), CONNECTION_WARNING_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [data]);

  return enabled && warning;
}

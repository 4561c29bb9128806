import { useQuery } from "@tanstack/react-query";
import type { QueueRef, WhatsappSummary } from "@balcao/common";
import { fetchQueues, fetchWhatsapps } from "../api/resources";
import { queryKeys } from "../api/queryKeys";
import { useSessionUser } from "../app/authContext";
import { useTicketViewer } from "../realtime/ticketViewer";

/**
 * Queues and connections offered by the ticket dialogs. A new ticket goes to one of the
 * user's queues (admins: any); a transfer may go to any queue of the company.
 */
export function useTicketFormOptions(anyQueue: boolean) {
  const user = useSessionUser();
  const viewer = useTicketViewer();
  const companyQueues = anyQueue || viewer.isAdmin;
  const queues = useQuery({ queryKey: queryKeys.queues, queryFn: fetchQueues, enabled: companyQueues });
  const whatsapps = useQuery({ queryKey: queryKeys.whatsapps(user.companyId), queryFn: () => fetchWhatsapps(user.companyId) });
  const queueList: QueueRef[] = companyQueues ? (queues.data ?? []) : user.queues;
  const whatsappList: WhatsappSummary[] = whatsapps.data ?? [];
  return { queues: queueList, whatsapps: whatsappList, loading: (companyQueues && queues.isPending) || whatsapps.isPending };
}

import { useQuery } from "@tanstack/react-query";
import { fetchQueues, fetchWhatsapps } from "../../api/resources";
import { queryKeys } from "../../api/queryKeys";

/** Queues and connections offered by the user modal (lists a later server version provides). */
export function useUserOptions(companyId: number, enabled: boolean) {
  const queues = useQuery({ queryKey: queryKeys.queues, queryFn: fetchQueues, enabled, meta: { silent: true } });
  const whatsapps = useQuery({ queryKey: queryKeys.whatsapps(companyId), queryFn: () => fetchWhatsapps(companyId), enabled, meta: { silent: true } });
  return { queues, whatsapps };
}

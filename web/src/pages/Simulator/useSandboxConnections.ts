import { useMemo } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createSandboxConnection, disconnectSession, fetchConnections, isSandbox, pairSandbox, startSession, type Connection } from "../../api/sandbox";
import { queryKeys } from "../../api/queryKeys";
import { useCompanyEvent } from "../../realtime/socketContext";
import { freeName } from "./simulatorUtils";

interface ConnectionEvent {
  action: string;
  session?: Connection;
  whatsapp?: Connection;
  whatsappId?: number;
}

/** The name the brief gives a new sandbox; a number is added when it is taken. */
const DEFAULT_NAME = "Sandbox";

function merge(list: Connection[] | undefined, record: Connection): Connection[] | undefined {
  if (!list) return list;
  return list.some((w) => w.id === record.id) ? list.map((w) => (w.id === record.id ? { ...w, ...record } : w)) : [...list, record];
}

/**
 * The company's sandbox connections, live: the list shares its cache entry with the layout's
 * connection badge, and session events (status, QR code) are applied as they come.
 */
export function useSandboxConnections(companyId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.whatsapps(companyId);
  const query = useQuery({ queryKey: key, queryFn: () => fetchConnections(companyId), meta: { silent: true } });

  const onEvent = (event: ConnectionEvent) => {
    const current = queryClient.getQueryData<Connection[]>(key);
    if (event.action === "delete" && event.whatsappId) {
      queryClient.setQueryData<Connection[]>(
        key,
        current?.filter((w) => w.id !== event.whatsappId),
      );
      return;
    }
    const record = event.session ?? event.whatsapp;
    if (event.action !== "update" || !record?.id) return;
    if (current) queryClient.setQueryData<Connection[]>(key, merge(current, record));
    else void queryClient.invalidateQueries({ queryKey: key });
  };
  useCompanyEvent<ConnectionEvent>("whatsappSession", onEvent);
  useCompanyEvent<ConnectionEvent>("whatsapp", onEvent);

  const connections = useMemo(() => (query.data ?? []).filter(isSandbox), [query.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const create = useMutation({
    mutationFn: () =>
      createSandboxConnection(
        freeName(
          DEFAULT_NAME,
          (query.data ?? []).map((w) => w.name),
        ),
      ),
    onSuccess: (created) => {
      // The session events may already have brought it (with a newer status): add only when missing.
      queryClient.setQueryData<Connection[]>(key, (list) => (list && !list.some((w) => w.id === created.id) ? [...list, created] : list));
      void refresh();
    },
  });
  const start = useMutation({ mutationFn: (id: number) => startSession(id), onSettled: () => void refresh() });
  const pair = useMutation({ mutationFn: (id: number) => pairSandbox(id), onSettled: () => void refresh() });
  const disconnect = useMutation({ mutationFn: (id: number) => disconnectSession(id), onSettled: () => void refresh() });

  return { query, connections, create, start, pair, disconnect };
}

export type SandboxConnections = ReturnType<typeof useSandboxConnections>;

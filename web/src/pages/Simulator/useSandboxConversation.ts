import { useEffect, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SERVER_EVENTS } from "@balcao/common";
import { fetchConversation, sendAck, sendInbound, type InboundBody, type SandboxMessage } from "../../api/sandbox";
import { queryKeys } from "../../api/queryKeys";
import { useCompanyEvent, useSocket } from "../../realtime/socketContext";
import { mergeMessages, needingAck, newExternalId } from "./simulatorUtils";

interface SandboxEvent {
  action: "outbound" | "ack" | string;
  whatsappId?: number;
  message?: SandboxMessage;
}

/** What the composer sends; the hook adds the id, number and name. */
export type OutgoingMessage = Omit<InboundBody, "id" | "number" | "name"> & {
  /** Shown in the bubble until the server's copy arrives (not sent). */
  preview?: Pick<SandboxMessage, "mediaType" | "mediaName"> & { url?: string };
};

const REFETCH_DEBOUNCE_MS = 400;

/** True while this browser tab is in front: only then does the phone "read" what arrives. */
function usePageVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
  return visible;
}

/**
 * One phone's conversation with a sandbox connection: loaded from the server, kept live by the
 * socket (new attendant messages, acks, deletes), sent to, and acknowledged like a phone does.
 */
export function useSandboxConversation(whatsappId: number | null, number: string, name: string, autoRead: boolean) {
  const queryClient = useQueryClient();
  const enabled = whatsappId !== null && number.length >= 8;
  const key = queryKeys.sandboxConversation(whatsappId ?? 0, number);
  // Messages on their way to the server stay listed when the conversation is read meanwhile.
  const pendingIds = useRef(new Set<string>());
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const server = await fetchConversation(whatsappId!, number);
      const known = new Set(server.map((m) => m.id));
      const pending = (queryClient.getQueryData<SandboxMessage[]>(key) ?? []).filter((m) => pendingIds.current.has(m.id) && !known.has(m.id));
      return pending.length ? mergeMessages(server, pending) : server;
    },
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });

  // Attendant messages arrive through the socket as they are sent.
  useCompanyEvent<SandboxEvent>("sandbox", (event) => {
    const message = event.message;
    if (!enabled || !message || message.number !== number) return;
    if (event.whatsappId !== undefined && event.whatsappId !== whatsappId) return;
    if (event.whatsappId === undefined && message.mediaUrl && !message.mediaUrl.startsWith(`/sandbox/${whatsappId}/`)) return;
    queryClient.setQueryData<SandboxMessage[]>(key, (list) => mergeMessages(list, [message]));
  });

  // Acks, edits and deletes show up as message updates: read the conversation again, once per burst.
  const timer = useRef<number | undefined>(undefined);
  const refetchSoon = () => {
    if (!enabled) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: key }), REFETCH_DEBOUNCE_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useCompanyEvent<{ action: string }>("appMessage", (event) => {
    if (event.action === "update") refetchSoon();
  });
  // The attendant opening the ticket reads the customer's messages (their ticks turn blue).
  useCompanyEvent<{ action: string }>("ticket", (event) => {
    if (event.action === "updateUnread") refetchSoon();
  });

  // Events missed while the socket was away: read again after a reconnection.
  const { socket } = useSocket();
  const refetchRef = useRef(refetchSoon);
  refetchRef.current = refetchSoon;
  useEffect(() => {
    if (!socket) return;
    let connections = 0;
    const onReady = () => {
      connections += 1;
      if (connections > 1) refetchRef.current();
    };
    socket.on(SERVER_EVENTS.ready, onReady);
    return () => {
      socket.off(SERVER_EVENTS.ready, onReady);
    };
  }, [socket]);

  // Local copies of the files this phone sent, to show them (the server keeps them on the ticket's side).
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const previewsRef = useRef(previews);
  previewsRef.current = previews;
  useEffect(() => () => Object.values(previewsRef.current).forEach((url) => URL.revokeObjectURL(url)), []);

  const send = useMutation({
    mutationFn: async ({ preview: _preview, ...message }: OutgoingMessage & { id: string }) => {
      const trimmedName = name.trim();
      await sendInbound(whatsappId!, { ...message, number, name: trimmedName || undefined });
    },
    onMutate: (message) => {
      pendingIds.current.add(message.id);
      // The message shows at once with a clock, as on a phone; the server's copy replaces it.
      const pending: SandboxMessage = {
        id: message.id,
        number,
        direction: "in",
        body: message.location ? `|https://maps.google.com/maps?q=${message.location.latitude}%2C${message.location.longitude}&z=17|${message.location.description ?? ""}` : (message.body ?? ""),
        mediaType: message.location ? "locationMessage" : (message.preview?.mediaType ?? null),
        mediaName: message.preview?.mediaName ?? null,
        quotedId: message.quotedId ?? null,
        ack: 0,
        createdAt: new Date().toISOString(),
      };
      queryClient.setQueryData<SandboxMessage[]>(key, (list) => mergeMessages(list, [pending]));
      const url = message.preview?.url;
      if (url) setPreviews((current) => ({ ...current, [message.id]: url }));
    },
    onError: (_err, message) => {
      queryClient.setQueryData<SandboxMessage[]>(key, (list) => list?.filter((m) => m.id !== message.id));
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
    onSettled: (_data, _err, message) => {
      pendingIds.current.delete(message.id);
    },
  });
  const sendMessage = (message: OutgoingMessage) => send.mutateAsync({ ...message, id: newExternalId() });

  // The phone acknowledges the attendant's messages: read (3) while the chat is in view with
  // auto-read on, delivered (2) otherwise.
  const visible = usePageVisible();
  const target = autoRead && visible ? 3 : 2;
  const inFlight = useRef(new Set<string>());
  const acknowledge = (messages: SandboxMessage[], ack: number) => {
    for (const message of messages) {
      const mark = `${message.id}:${ack}`;
      if (inFlight.current.has(mark)) continue;
      inFlight.current.add(mark);
      sendAck(whatsappId!, message.id, ack)
        .then(() => {
          queryClient.setQueryData<SandboxMessage[]>(key, (list) => list?.map((m) => (m.id === message.id && m.ack < ack ? { ...m, ack } : m)));
        })
        .catch((err: unknown) => console.warn("sandbox ack failed", err))
        .finally(() => inFlight.current.delete(mark));
    }
  };
  const acknowledgeRef = useRef(acknowledge);
  acknowledgeRef.current = acknowledge;
  useEffect(() => {
    if (!enabled || !query.data) return;
    const due = needingAck(query.data, target);
    if (due.length) acknowledgeRef.current(due, target);
  }, [enabled, query.data, target]);

  /** The "mark as read" button when auto-read is off. */
  const markAllRead = () => {
    if (enabled) acknowledge(needingAck(query.data, 3), 3);
  };
  const unread = needingAck(query.data, 3).length;

  return { query, enabled, messages: query.data ?? [], previews, sendMessage, sending: send.isPending, markAllRead, unread };
}

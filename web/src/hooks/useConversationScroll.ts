import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

const AT_BOTTOM_PX = 40;

/** The paging fields of the infinite query that feeds the conversation. */
export interface ConversationPaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isSuccess: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Keeps a conversation scrolled as a chat is: newest at the bottom, older pages loaded when the list
 * nears its top (within loadOlderPx) without moving what the user was reading.
 */
export function useConversationScroll<M extends { id: number }>(messages: M[], paging: ConversationPaging, isOwn: (message: M) => boolean, loadOlderPx: number) {
  const { hasNextPage, isFetchingNextPage, isSuccess, fetchNextPage } = paging;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = useRef<number | null>(null);
  const firstId = useRef<number | null>(null);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const ownRef = useRef(isOwn);
  ownRef.current = isOwn;

  const scrollToBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    if (el.scrollTop < loadOlderPx) loadOlder();
  };

  // Older messages above: what the user was reading stays in place. A new last message: follow it
  // when the list was at the bottom or the message is the user's own.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || messages.length === 0) return;
    const first = messages[0].id;
    const last = messages[messages.length - 1];
    if (lastId.current === null) scrollToBottom();
    else if (beforeOlder.current && first !== firstId.current) {
      el.scrollTop = el.scrollHeight - beforeOlder.current.height + beforeOlder.current.top;
      beforeOlder.current = null;
    } else if (last.id !== lastId.current && (atBottom.current || ownRef.current(last))) scrollToBottom();
    firstId.current = first;
    lastId.current = last.id;
  }, [messages]);

  useEffect(() => {
    if (!isFetchingNextPage) beforeOlder.current = null;
  }, [isFetchingNextPage]);

  // A first page that does not fill the list cannot be scrolled to the top: load the next one now.
  useEffect(() => {
    const el = scroller.current;
    if (el && isSuccess && el.scrollHeight <= el.clientHeight + loadOlderPx && el.scrollTop < loadOlderPx) loadOlder();
  }, [isSuccess, messages.length, loadOlder, loadOlderPx]);

  // Media that finish loading grow the list: stay at the bottom if we were there.
  useEffect(() => {
    const box = content.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) scrollToBottom();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return { scroller, content, onScroll };
}

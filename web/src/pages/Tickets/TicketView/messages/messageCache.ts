import type { InfiniteData } from "@tanstack/react-query";
import type { MessagesPage, MessageView } from "../types";
import { sortMessages } from "./timeline";

export type MessagesData = InfiniteData<MessagesPage, number>;

/** Every loaded message once, oldest first (pages shift when messages arrive live, so they overlap). */
export function flattenPages(data: MessagesData | undefined): MessageView[] {
  if (!data) return [];
  const byId = new Map<number, MessageView>();
  for (const page of data.pages) for (const message of page.messages) if (!byId.has(message.id)) byId.set(message.id, message);
  return sortMessages([...byId.values()]);
}

const hasMessage = (data: MessagesData, id: number) => data.pages.some((page) => page.messages.some((m) => m.id === id));

/** A message arriving live: added to the newest page unless it is already there (then replaced). */
export function addMessage(data: MessagesData | undefined, message: MessageView): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (hasMessage(data, message.id)) return replaceMessage(data, message);
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message], count: newest.count + 1 }, ...older] };
}

/** A changed message (ack, edit, deletion, send status) replaces the one with its id. */
export function replaceMessage(data: MessagesData | undefined, message: MessageView): MessagesData | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.messages.some((m) => m.id === message.id)) return page;
    changed = true;
    return { ...page, messages: page.messages.map((m) => (m.id === message.id ? { ...m, ...message } : m)) };
  });
  return changed ? { ...data, pages } : data;
}

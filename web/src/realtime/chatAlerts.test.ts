import { describe, expect, it } from "vitest";
import type { Chat, ChatEvent, ChatMessage } from "../api/chats";
import { chatAlertFor } from "./chatAlerts";

const chat = { id: 7, uuid: "abc", title: "Equipe", ownerId: 1, lastMessage: "oi", createdAt: "", updatedAt: "", users: [] } as Chat;
const fromBeto = { id: 70, chatId: 7, senderId: 2, sender: { id: 2, name: "Beto" }, message: "oi" } as ChatMessage;
const event = (newMessage: ChatMessage, mentioned = false): ChatEvent => ({ action: "new-message", chat, newMessage, mentioned });

describe("chat alerts", () => {
  it("alerts for someone else's message in a chat that is not on screen", () => {
    expect(chatAlertFor(event(fromBeto), { userId: 1, openChatId: null, pageHidden: false })).toMatchObject({ chat, mentioned: false });
    expect(chatAlertFor(event(fromBeto, true), { userId: 1, openChatId: "other", pageHidden: false })?.mentioned).toBe(true);
  });

  it("stays quiet for the chat on screen, unless the page is in the background", () => {
    expect(chatAlertFor(event(fromBeto), { userId: 1, openChatId: "abc", pageHidden: false })).toBeNull();
    expect(chatAlertFor(event(fromBeto), { userId: 1, openChatId: "7", pageHidden: false })).toBeNull();
    expect(chatAlertFor(event(fromBeto), { userId: 1, openChatId: "abc", pageHidden: true })).not.toBeNull();
  });

  it("never alerts for the user's own message or for other actions", () => {
    expect(chatAlertFor(event(fromBeto), { userId: 2, openChatId: null, pageHidden: true })).toBeNull();
    expect(chatAlertFor({ action: "update", chat }, { userId: 1, openChatId: null, pageHidden: true })).toBeNull();
  });
});

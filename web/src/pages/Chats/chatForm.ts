import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { chatBody, V, type ChatBody } from "@balcao/common";
import i18n from "../../i18n";
import type { Chat } from "../../api/chats";

export interface MemberOption {
  id: number;
  name: string;
}

export interface ChatFormValues {
  title: string;
  users: MemberOption[];
}

/** Validation by the API's own schema ('Por favor, preencha o título da conversa.', 'Por favor, selecione pelo menos um usuário.'). */
export const chatResolver = zodResolver(chatBody) as unknown as Resolver<ChatFormValues, unknown, ChatBody>;

export const emptyChatForm = (): ChatFormValues => ({ title: "", users: [] });

/** The members other than the user: the user is always a member of a chat they own. */
export const toChatFormValues = (chat: Chat, userId: number): ChatFormValues => ({
  title: chat.title,
  users: chat.users.filter((m) => m.userId !== userId).map((m) => ({ id: m.userId, name: m.user?.name ?? "" })),
});

/** The schema's messages (the spec's own Portuguese) in the user's language. */
export function chatErrorText(message: string | undefined): string | undefined {
  if (message === V.chatTitleRequired) return i18n.t("chats.dialog.titleRequired");
  if (message === V.chatUsersRequired) return i18n.t("chats.dialog.usersRequired");
  return message;
}

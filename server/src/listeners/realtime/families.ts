import type { Listener } from "../../events/types";
import { contactsRealtime } from "./contacts";
import { tagsRealtime } from "./tags";
import { queuesRealtime } from "./queues";
import { quickMessagesRealtime } from "./quickMessages";
import { schedulesRealtime } from "./schedules";
import { settingsRealtime } from "./settings";
import { usersRealtime } from "./users";
import { sessionsRealtime } from "./sessions";
import { whatsappsRealtime } from "./whatsapps";
import { deadLettersRealtime } from "./deadLetters";
import { sandboxRealtime } from "./sandbox";
import { paymentsRealtime } from "./payments";
import { plansRealtime } from "./plans";
import { contactListsRealtime } from "./contactLists";
import { fileListsRealtime } from "./fileLists";
import { campaignsRealtime } from "./campaigns";
import { chatsRealtime } from "./chats";
import { queueIntegrationsRealtime } from "./queueIntegrations";
import { promptsRealtime } from "./prompts";

/** The company's records to its sockets, one listener per family (tickets and messages have their own). */
export const realtimeFamilies: Listener[] = [
  contactsRealtime,
  tagsRealtime,
  queuesRealtime,
  quickMessagesRealtime,
  schedulesRealtime,
  settingsRealtime,
  usersRealtime,
  sessionsRealtime,
  whatsappsRealtime,
  deadLettersRealtime,
  sandboxRealtime,
  plansRealtime,
  paymentsRealtime,
  fileListsRealtime,
  contactListsRealtime,
  campaignsRealtime,
  chatsRealtime,
  promptsRealtime,
  queueIntegrationsRealtime,
];

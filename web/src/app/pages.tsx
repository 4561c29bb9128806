import { lazy, useState, type ComponentType } from "react";
import { matchPath } from "react-router-dom";

type Loader = () => Promise<ComponentType>;

/**
 * A page in a chunk of its own; `preload()` fetches it ahead of rendering. Until its chunk is in, the page
 * suspends (React.lazy) and the nearest Suspense shows a loader. Once it is in, the page renders straight
 * away: suspending on a chunk that is already there would still show the loader, and React then holds the
 * page back for its fallback throttle (300 ms).
 */
function page(load: Loader) {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        pending = undefined; // a later visit tries again
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload });
}

export const LoginPage = page(() => import("../pages/Login/LoginPage").then((m) => m.LoginPage));
export const SignupPage = page(() => import("../pages/Signup/SignupPage").then((m) => m.SignupPage));
export const ForgetPasswordPage = page(() => import("../pages/ForgetPassword/ForgetPasswordPage").then((m) => m.ForgetPasswordPage));
export const FinanceiroPage = page(() => import("../pages/Financeiro/FinanceiroPage").then((m) => m.FinanceiroPage));
export const CampaignSettingsPage = page(() => import("../pages/CampaignSettings/CampaignSettingsPage").then((m) => m.CampaignSettingsPage));
export const SubscriptionPage = page(() => import("../pages/Subscription/SubscriptionPage").then((m) => m.SubscriptionPage));
export const SandboxPairPage = page(() => import("../pages/SandboxPair/SandboxPairPage").then((m) => m.SandboxPairPage));
export const DashboardPage = page(() => import("../pages/Dashboard/DashboardPage").then((m) => m.DashboardPage));
export const TicketsPage = page(() => import("../pages/Tickets/TicketsPage").then((m) => m.TicketsPage));
export const ContactsPage = page(() => import("../pages/Contacts/ContactsPage").then((m) => m.ContactsPage));
export const QuickMessagesPage = page(() => import("../pages/QuickMessages/QuickMessagesPage").then((m) => m.QuickMessagesPage));
export const TodoListPage = page(() => import("../pages/TodoList/TodoListPage").then((m) => m.TodoListPage));
export const SchedulesPage = page(() => import("../pages/Schedules/SchedulesPage").then((m) => m.SchedulesPage));
export const TagsPage = page(() => import("../pages/Tags/TagsPage").then((m) => m.TagsPage));
export const HelpsPage = page(() => import("../pages/Helps/HelpsPage").then((m) => m.HelpsPage));
export const KanbanPage = page(() => import("../pages/Kanban/KanbanPage").then((m) => m.KanbanPage));
export const QueuesPage = page(() => import("../pages/Queues/QueuesPage").then((m) => m.QueuesPage));
export const UsersPage = page(() => import("../pages/Users/UsersPage").then((m) => m.UsersPage));
export const ConnectionsPage = page(() => import("../pages/Connections/ConnectionsPage").then((m) => m.ConnectionsPage));
export const SimulatorPage = page(() => import("../pages/Simulator/SimulatorPage").then((m) => m.SimulatorPage));
export const MessagesApiPage = page(() => import("../pages/MessagesApi/MessagesApiPage").then((m) => m.MessagesApiPage));
export const SettingsPage = page(() => import("../pages/Settings/SettingsPage").then((m) => m.SettingsPage));
export const AnnouncementsPage = page(() => import("../pages/Announcements/AnnouncementsPage").then((m) => m.AnnouncementsPage));
export const AuditLogsPage = page(() => import("../pages/AuditLogs/AuditLogsPage").then((m) => m.AuditLogsPage));
export const FileListsPage = page(() => import("../pages/FileLists/FileListsPage").then((m) => m.FileListsPage));
export const ContactListsPage = page(() => import("../pages/ContactLists/ContactListsPage").then((m) => m.ContactListsPage));
export const QueueIntegrationsPage = page(() => import("../pages/QueueIntegrations/QueueIntegrationsPage").then((m) => m.QueueIntegrationsPage));
export const PromptsPage = page(() => import("../pages/Prompts/PromptsPage").then((m) => m.PromptsPage));
export const CampaignsPage = page(() => import("../pages/Campaigns/CampaignsPage").then((m) => m.CampaignsPage));
export const CampaignReportPage = page(() => import("../pages/Campaigns/CampaignReportPage").then((m) => m.CampaignReportPage));
export const ContactListItemsPage = page(() => import("../pages/ContactListItems/ContactListItemsPage").then((m) => m.ContactListItemsPage));
export const ChatsPage = page(() => import("../pages/Chats/ChatsPage").then((m) => m.ChatsPage));
export const ReportsPage = page(() => import("../pages/Reports/ReportsPage").then((m) => m.ReportsPage));
export const NotFoundPage = page(() => import("../pages/NotFound/NotFoundPage").then((m) => m.NotFoundPage));

/** The page each address opens, in the order AppRoutes matches them (its catch-all excepted). */
const BY_PATH: [string, { preload: () => Promise<unknown> }][] = [
  ["/sandbox/pair/:whatsappId/:code", SandboxPairPage],
  ["/login", LoginPage],
  ["/signup", SignupPage],
  ["/forgetpsw", ForgetPasswordPage],
  ["/", DashboardPage],
  ["/tickets/:ticketId?", TicketsPage],
  ["/chats/:id?", ChatsPage],
  ["/contacts", ContactsPage],
  ["/quick-messages", QuickMessagesPage],
  ["/todolist", TodoListPage],
  ["/schedules", SchedulesPage],
  ["/tags", TagsPage],
  ["/helps", HelpsPage],
  ["/kanban", KanbanPage],
  ["/queues", QueuesPage],
  ["/users", UsersPage],
  ["/files", FileListsPage],
  ["/connections", ConnectionsPage],
  ["/simulator", SimulatorPage],
  ["/messages-api", MessagesApiPage],
  ["/settings", SettingsPage],
  ["/audit-logs", AuditLogsPage],
  ["/reports", ReportsPage],
  ["/announcements", AnnouncementsPage],
  ["/campaigns", CampaignsPage],
  ["/queue-integration", QueueIntegrationsPage],
  ["/prompts", PromptsPage],
  ["/campaign/:campaignId/report", CampaignReportPage],
  ["/contact-lists", ContactListsPage],
  ["/contact-lists/:contactListId/contacts", ContactListItemsPage],
];

/**
 * Starts fetching the page of an address while the session is still being restored, so its
 * chunk does not wait for the refresh call. A wrong guess (a redirect) only costs a fetch.
 */
export function preloadPageFor(pathname: string) {
  const hit = BY_PATH.find(([pattern]) => matchPath(pattern, pathname));
  hit?.[1].preload().catch(() => undefined);
}

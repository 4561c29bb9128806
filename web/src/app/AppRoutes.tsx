import { Suspense, type ReactNode } from "react";
import { Route, Routes } from "react-router-dom";
import { FullPageLoader } from "../components/FullPageLoader";
import {
  ConnectionsPage,
  ContactsPage,
  DashboardPage,
  ReportsPage,
  ForgetPasswordPage,
  HelpsPage,
  KanbanPage,
  LoginPage,
  MessagesApiPage,
  NotFoundPage,
  QueuesPage,
  QuickMessagesPage,
  SandboxPairPage,
  SchedulesPage,
  SettingsPage,
  SignupPage,
  SimulatorPage,
  TagsPage,
  TicketsPage,
  TodoListPage,
  UsersPage,
} from "./pages";
import { AnnouncementsPage, AuditLogsPage, FileListsPage } from "./pages";
import { CampaignReportPage, CampaignSettingsPage, CampaignsPage, FinanceiroPage, SubscriptionPage } from "./pages";
import { ChatsPage, ContactListItemsPage, ContactListsPage } from "./pages";
import { PromptsPage, QueueIntegrationsPage } from "./pages";
import { PublicOnly, RequireAuth, RequireCampaigns, RequirePermission, RequirePlan, RequireSuper } from "./guards";

const admin = (element: ReactNode) => <RequirePermission permission="drawer-admin-items:view">{element}</RequirePermission>;
/** Contact lists: for the roles that manage them, when the company has campaigns on. */
const contactLists = (element: ReactNode) => (
  <RequirePermission permission="contact-lists:manage">
    <RequireCampaigns>{element}</RequireCampaigns>
  </RequirePermission>
);

/** The route overview of the spec (core-workspace §2, administration §2). Pages load on demand. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        {/* The sandbox QR code's link: "the phone" opens it, signed in or not. */}
        <Route path="/sandbox/pair/:whatsappId/:code" element={<SandboxPairPage />} />
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/forgetpsw" element={<ForgetPasswordPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route
            path="/"
            element={
              <RequirePermission permission="dashboard:view">
                <DashboardPage />
              </RequirePermission>
            }
          />
          <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
          <Route
            path="/chats/:id?"
            element={
              <RequirePlan flag="useInternalChat">
                <ChatsPage />
              </RequirePlan>
            }
          />
          <Route path="/contacts" element={<ContactsPage />} />
          <Route path="/quick-messages" element={<QuickMessagesPage />} />
          <Route path="/todolist" element={<TodoListPage />} />
          <Route
            path="/schedules"
            element={
              <RequirePlan flag="useSchedules">
                <SchedulesPage />
              </RequirePlan>
            }
          />
          <Route path="/tags" element={<TagsPage />} />
          <Route path="/helps" element={<HelpsPage />} />
          <Route
            path="/kanban"
            element={
              <RequirePlan flag="useKanban">
                <KanbanPage />
              </RequirePlan>
            }
          />
          <Route path="/queues" element={admin(<QueuesPage />)} />
          <Route path="/users" element={admin(<UsersPage />)} />
          <Route path="/files" element={admin(<FileListsPage />)} />
          <Route
            path="/prompts"
            element={admin(
              <RequirePlan flag="useOpenAi">
                <PromptsPage />
              </RequirePlan>,
            )}
          />
          <Route
            path="/queue-integration"
            element={admin(
              <RequirePlan flag="useIntegrations">
                <QueueIntegrationsPage />
              </RequirePlan>,
            )}
          />
          <Route path="/connections" element={admin(<ConnectionsPage />)} />
          <Route path="/simulator" element={admin(<SimulatorPage />)} />
          <Route
            path="/messages-api"
            element={admin(
              <RequirePlan flag="useExternalApi">
                <MessagesApiPage />
              </RequirePlan>,
            )}
          />
          <Route path="/settings" element={admin(<SettingsPage />)} />
          <Route
            path="/audit-logs"
            element={
              <RequirePermission permission="audit-logs:view">
                <AuditLogsPage />
              </RequirePermission>
            }
          />
          <Route
            path="/reports"
            element={
              <RequirePermission permission="reports:view">
                <ReportsPage />
              </RequirePermission>
            }
          />
          <Route path="/financeiro" element={admin(<FinanceiroPage />)} />
          <Route
            path="/announcements"
            element={
              <RequireSuper>
                <AnnouncementsPage />
              </RequireSuper>
            }
          />
          <Route path="/subscription" element={<SubscriptionPage />} />
          <Route
            path="/campaigns"
            element={admin(
              <RequireCampaigns>
                <CampaignsPage />
              </RequireCampaigns>,
            )}
          />
          <Route path="/contact-lists" element={contactLists(<ContactListsPage />)} />
          <Route path="/contact-lists/:contactListId/contacts" element={contactLists(<ContactListItemsPage />)} />
          <Route
            path="/campaign/:campaignId/report"
            element={admin(
              <RequireCampaigns>
                <CampaignReportPage />
              </RequireCampaigns>,
            )}
          />
          <Route
            path="/campaigns-config"
            element={admin(
              <RequireCampaigns>
                <CampaignSettingsPage />
              </RequireCampaigns>,
            )}
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

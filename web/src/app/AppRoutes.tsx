import type { ReactNode } from "react";
import { Route, Routes, useParams } from "react-router-dom";
import { ComingSoon } from "../components/ComingSoon";
import type { AreaKey } from "../i18n/locales/areas.pt";
import { LoginPage } from "../pages/Login/LoginPage";
import { SignupPage } from "../pages/Signup/SignupPage";
import { ForgetPasswordPage } from "../pages/ForgetPassword/ForgetPasswordPage";
import { TodoListPage } from "../pages/TodoList/TodoListPage";
import { TicketsPage } from "../pages/Tickets/TicketsPage";
import { SettingsPage } from "../pages/Settings/SettingsPage";
import { NotFoundPage } from "../pages/NotFound/NotFoundPage";
import { SandboxPairPage } from "../pages/SandboxPair/SandboxPairPage";
import { SimulatorPage } from "../pages/Simulator/SimulatorPage";
import { ConnectionsPage } from "../pages/Connections/ConnectionsPage";
import { MessagesApiPage } from "../pages/MessagesApi/MessagesApiPage";
import { QueuesPage } from "../pages/Queues/QueuesPage";
import { TagsPage } from "../pages/Tags/TagsPage";
import { UsersPage } from "../pages/Users/UsersPage";
import { SchedulesPage } from "../pages/Schedules/SchedulesPage";
import { ContactsPage } from "../pages/Contacts/ContactsPage";
import { QuickMessagesPage } from "../pages/QuickMessages/QuickMessagesPage";
import { HelpsPage } from "../pages/Helps/HelpsPage";
import { DashboardPage } from "../pages/Dashboard/DashboardPage";
import { KanbanPage } from "../pages/Kanban/KanbanPage";
import { PublicOnly, RequireAuth, RequireCampaigns, RequirePermission, RequirePlan, RequireSuper } from "./guards";

/** A not-yet-built area; shows the id named by the route, when there is one. */
function Soon({ area, param }: { area: AreaKey; param?: string }) {
  const params = useParams();
  return <ComingSoon area={area} recordId={param ? params[param] : undefined} />;
}

const admin = (element: ReactNode) => <RequirePermission permission="drawer-admin-items:view">{element}</RequirePermission>;

/** The route overview of the spec (core-workspace §2, administration §2). */
export function AppRoutes() {
  return (
    <Routes>
      {/* The sandbox QR code's link: "the phone" opens it, signed in or not. */}
      <Route path="/sandbox/pair/:whatsappId/:code" element={<SandboxPairPage />} />
      <Route element={<PublicOnly />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgetpsw" element={<ForgetPasswordPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route path="/" element={<RequirePermission permission="dashboard:view"><DashboardPage /></RequirePermission>} />
        <Route path="/tickets/:ticketId?" element={<TicketsPage />} />
        <Route path="/chats/:id?" element={<Soon area="chats" param="id" />} />
        <Route path="/contacts" element={<ContactsPage />} />
        <Route path="/quick-messages" element={<QuickMessagesPage />} />
        <Route path="/todolist" element={<TodoListPage />} />
        <Route path="/schedules" element={<RequirePlan flag="useSchedules"><SchedulesPage /></RequirePlan>} />
        <Route path="/tags" element={<TagsPage />} />
        <Route path="/helps" element={<HelpsPage />} />
        <Route path="/kanban" element={<RequirePlan flag="useKanban"><KanbanPage /></RequirePlan>} />
        <Route path="/queues" element={admin(<QueuesPage />)} />
        <Route path="/users" element={admin(<UsersPage />)} />
        <Route path="/files" element={admin(<Soon area="files" />)} />
        <Route path="/prompts" element={admin(<RequirePlan flag="useOpenAi"><Soon area="prompts" /></RequirePlan>)} />
        <Route path="/queue-integration" element={admin(<RequirePlan flag="useIntegrations"><Soon area="queueIntegration" /></RequirePlan>)} />
        <Route path="/connections" element={admin(<ConnectionsPage />)} />
        <Route path="/simulator" element={admin(<SimulatorPage />)} />
        <Route path="/messages-api" element={admin(<RequirePlan flag="useExternalApi"><MessagesApiPage /></RequirePlan>)} />
        <Route path="/settings" element={admin(<SettingsPage />)} />
        <Route path="/financeiro" element={admin(<Soon area="financeiro" />)} />
        <Route path="/announcements" element={<RequireSuper><Soon area="announcements" /></RequireSuper>} />
        <Route path="/subscription" element={<Soon area="subscription" />} />
        <Route path="/campaigns" element={admin(<RequireCampaigns><Soon area="campaigns" /></RequireCampaigns>)} />
        <Route path="/contact-lists" element={admin(<RequireCampaigns><Soon area="contactLists" /></RequireCampaigns>)} />
        <Route
          path="/contact-lists/:contactListId/contacts"
          element={admin(<RequireCampaigns><Soon area="contactListItems" param="contactListId" /></RequireCampaigns>)}
        />
        <Route path="/campaign/:campaignId/report" element={admin(<RequireCampaigns><Soon area="campaignReport" param="campaignId" /></RequireCampaigns>)} />
        <Route path="/campaigns-config" element={admin(<RequireCampaigns><Soon area="campaignsConfig" /></RequireCampaigns>)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

import type { SvgIconComponent } from "@mui/icons-material";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import WhatsApp from "@mui/icons-material/WhatsApp";
import FlashOnOutlined from "@mui/icons-material/FlashOnOutlined";
import ViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import ContactPhoneOutlined from "@mui/icons-material/ContactPhoneOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import LocalOfferOutlined from "@mui/icons-material/LocalOfferOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import HelpOutlineOutlined from "@mui/icons-material/HelpOutlineOutlined";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import PeopleOutlineOutlined from "@mui/icons-material/PeopleOutlineOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import AnnouncementOutlined from "@mui/icons-material/AnnouncementOutlined";
import AutoAwesomeOutlined from "@mui/icons-material/AutoAwesomeOutlined";
import DeviceHubOutlined from "@mui/icons-material/DeviceHubOutlined";
import SyncAltOutlined from "@mui/icons-material/SyncAltOutlined";
import PhoneIphone from "@mui/icons-material/PhoneIphone";
import AttachFileOutlined from "@mui/icons-material/AttachFileOutlined";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import GroupOutlined from "@mui/icons-material/GroupOutlined";
import CodeOutlined from "@mui/icons-material/CodeOutlined";
import AttachMoneyOutlined from "@mui/icons-material/AttachMoneyOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import HistoryOutlined from "@mui/icons-material/HistoryOutlined";
import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import { can, type Permission, type PlanFlag } from "@balcao/common";
import type { Messages } from "../../i18n/locales/pt";

/** What decides which items a user sees: role (through its permissions), super flag, plan flags and the cshow flag. */
export interface MenuContext {
  profile: string;
  isSuper: boolean;
  plan: Partial<Record<PlanFlag, boolean>>;
  campaignsFlag: boolean;
}

export interface MenuItemDef {
  path: string;
  labelKey: keyof Messages["menu"];
  icon: SvgIconComponent;
  visible?(ctx: MenuContext): boolean;
  badge?: "connections" | "chats";
}

export interface MenuSection {
  id: string;
  titleKey?: keyof Messages["menu"];
  visible?(ctx: MenuContext): boolean;
  items: MenuItemDef[];
}

const plan = (flag: PlanFlag) => (ctx: MenuContext) => Boolean(ctx.plan[flag]);
const allowed = (permission: Permission) => (ctx: MenuContext) => can(ctx.profile, permission);

/** The side menu of the spec (core-workspace §2 "Side menu"). */
export const MENU: MenuSection[] = [
  {
    id: "dashboard",
    visible: allowed("dashboard:view"),
    items: [{ path: "/", labelKey: "dashboard", icon: DashboardOutlined }],
  },
  {
    id: "reports",
    visible: allowed("reports:view"),
    items: [{ path: "/reports", labelKey: "reports", icon: AssessmentOutlined }],
  },
  {
    id: "service",
    titleKey: "sectionService",
    items: [
      { path: "/tickets", labelKey: "tickets", icon: WhatsApp },
      { path: "/quick-messages", labelKey: "quickMessages", icon: FlashOnOutlined },
      { path: "/kanban", labelKey: "kanban", icon: ViewKanbanOutlined, visible: plan("useKanban") },
      { path: "/todolist", labelKey: "todolist", icon: TaskAltOutlined },
      { path: "/contacts", labelKey: "contacts", icon: ContactPhoneOutlined },
      { path: "/schedules", labelKey: "schedules", icon: EventOutlined, visible: plan("useSchedules") },
      { path: "/tags", labelKey: "tags", icon: LocalOfferOutlined },
      { path: "/chats", labelKey: "chats", icon: ForumOutlined, visible: plan("useInternalChat"), badge: "chats" },
      { path: "/helps", labelKey: "helps", icon: HelpOutlineOutlined },
    ],
  },
  {
    id: "campaigns",
    titleKey: "sectionCampaigns",
    visible: (ctx) => Boolean(ctx.plan.useCampaigns) || ctx.campaignsFlag,
    items: [
      { path: "/campaigns", labelKey: "campaigns", icon: CampaignOutlined, visible: allowed("campaigns:manage") },
      { path: "/contact-lists", labelKey: "contactLists", icon: PeopleOutlineOutlined, visible: allowed("contact-lists:manage") },
      { path: "/campaigns-config", labelKey: "campaignsConfig", icon: TuneOutlined, visible: allowed("campaigns:manage") },
    ],
  },
  {
    id: "admin",
    titleKey: "sectionAdmin",
    visible: allowed("drawer-admin-items:view"),
    items: [
      { path: "/announcements", labelKey: "announcements", icon: AnnouncementOutlined, visible: (ctx) => ctx.isSuper },
      { path: "/prompts", labelKey: "prompts", icon: AutoAwesomeOutlined, visible: plan("useOpenAi") },
      { path: "/queue-integration", labelKey: "queueIntegration", icon: DeviceHubOutlined, visible: plan("useIntegrations") },
      { path: "/connections", labelKey: "connections", icon: SyncAltOutlined, badge: "connections" },
      { path: "/simulator", labelKey: "simulator", icon: PhoneIphone },
      { path: "/files", labelKey: "files", icon: AttachFileOutlined },
      { path: "/queues", labelKey: "queues", icon: AccountTreeOutlined },
      { path: "/users", labelKey: "users", icon: GroupOutlined },
      { path: "/messages-api", labelKey: "messagesApi", icon: CodeOutlined, visible: plan("useExternalApi") },
      { path: "/financeiro", labelKey: "financeiro", icon: AttachMoneyOutlined },
      { path: "/settings", labelKey: "settings", icon: SettingsOutlined },
      { path: "/audit-logs", labelKey: "auditLogs", icon: HistoryOutlined, visible: allowed("audit-logs:view") },
    ],
  },
];

/** The sections and items this user sees, in menu order. */
export function visibleMenu(ctx: MenuContext): MenuSection[] {
  return MENU.filter((section) => section.visible?.(ctx) ?? true)
    .map((section) => ({ ...section, items: section.items.filter((item) => item.visible?.(ctx) ?? true) }))
    .filter((section) => section.items.length > 0);
}

export const menuTestId = (path: string) => `menu-${path.replace(/^\//, "") || "dashboard"}`;

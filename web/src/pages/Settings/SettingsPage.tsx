import { useSearchParams } from "react-router-dom";
import { Box, Paper, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { settingValue, useSettings } from "../../api/hooks";
import { useSessionUser } from "../../app/authContext";
import { PageContainer } from "../../components/PageContainer";
import { OptionsTab } from "./OptionsTab";
import { PermissionRedirect } from "../../components/PermissionRedirect";
import { CompaniesTab } from "./platform/CompaniesTab";
import { HelpsTab } from "./platform/HelpsTab";
import { PlansTab } from "./platform/PlansTab";
import { SchedulesTab } from "./SchedulesTab";
import { WebhooksTab } from "./WebhooksTab";

type SettingsTab = "options" | "schedules" | "webhooks" | "companies" | "plans" | "helps";
const SUPER_TABS: readonly string[] = ["companies", "plans", "helps"];

/** /settings (admins): options for everybody; schedules when hours are per company; super-user tabs (?tab=companies opens one). */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const tab = (params.get("tab") ?? "options") as SettingsTab;
  const setTab = (next: SettingsTab) => setParams(next === "options" ? {} : { tab: next }, { replace: true });

  const tabs: SettingsTab[] = ["options"];
  if (settingValue(settings.data, "scheduleType") === "company") tabs.push("schedules");
  if (can(user.profile, "webhooks:manage")) tabs.push("webhooks");
  if (user.super) tabs.push("companies", "plans", "helps");
  // a super-user tab opened by anyone else: the spec's message, then / after 1 s
  if (SUPER_TABS.includes(tab) && !user.super) return <PermissionRedirect />;
  const current = tabs.includes(tab) ? tab : "options";

  return (
    <PageContainer title={t("settings.title")}>
      <Paper variant="outlined">
        <Tabs value={current} onChange={(_, next: SettingsTab) => setTab(next)} variant="scrollable" scrollButtons="auto" sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}>
          {tabs.map((key) => (
            <Tab key={key} value={key} label={key === "webhooks" ? t("webhooks.tab") : t(`settings.tabs.${key}`)} data-testid={`settings-tab-${key}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          {current === "options" && <OptionsTab settings={settings.data} loading={settings.isPending} failed={settings.isError} onRetry={() => void settings.refetch()} />}
          {current === "schedules" && <SchedulesTab />}
          {current === "webhooks" && <WebhooksTab />}
          {current === "companies" && <CompaniesTab />}
          {current === "plans" && <PlansTab />}
          {current === "helps" && <HelpsTab />}
        </Box>
      </Paper>
    </PageContainer>
  );
}

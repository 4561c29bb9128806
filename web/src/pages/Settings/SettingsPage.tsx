import { useState } from "react";
import { Box, Paper, Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { settingValue, useSettings } from "../../api/hooks";
import { useSessionUser } from "../../app/authContext";
import { PageContainer } from "../../components/PageContainer";
import { OptionsTab } from "./OptionsTab";
import { PendingPanel } from "./PendingPanel";
import { SchedulesTab } from "./SchedulesTab";
import { WebhooksTab } from "./WebhooksTab";

type SettingsTab = "options" | "schedules" | "webhooks" | "companies" | "plans" | "helps";

/** /settings (admins): options for everybody; schedules when hours are per company; super-user tabs. */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const settings = useSettings();
  const [tab, setTab] = useState<SettingsTab>("options");

  const tabs: SettingsTab[] = ["options"];
  if (settingValue(settings.data, "scheduleType") === "company") tabs.push("schedules");
  if (can(user.profile, "webhooks:manage")) tabs.push("webhooks");
  if (user.super) tabs.push("companies", "plans", "helps");
  const current = tabs.includes(tab) ? tab : "options";

  return (
    <PageContainer title={t("settings.title")}>
      <Paper variant="outlined">
        <Tabs
          value={current}
          onChange={(_, next: SettingsTab) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}
        >
          {tabs.map((key) => (
            <Tab key={key} value={key} label={key === "webhooks" ? t("webhooks.tab") : t(`settings.tabs.${key}`)} data-testid={`settings-tab-${key}`} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          {current === "options" && (
            <OptionsTab settings={settings.data} loading={settings.isPending} failed={settings.isError} onRetry={() => void settings.refetch()} />
          )}
          {current === "schedules" && <SchedulesTab />}
          {current === "webhooks" && <WebhooksTab />}
          {current === "companies" && <PendingPanel text={t("settings.panels.companies")} />}
          {current === "plans" && <PendingPanel text={t("settings.panels.plans")} />}
          {current === "helps" && <PendingPanel text={t("settings.panels.helps")} />}
        </Box>
      </Paper>
    </PageContainer>
  );
}

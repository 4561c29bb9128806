import { useState, type ComponentType } from "react";
import { Tab, Tabs } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/PageContainer";
import { ServiceReport } from "./ServiceReport";
import { SlaReport } from "./SlaReport";

/**
 * The reports' tabs, in order: each a label key under reports.tabs and the component it mounts.
 * Another report (e.g. the SLA report) is added here as one more entry.
 */
const TABS: { id: string; labelKey: "service" | "sla"; Component: ComponentType }[] = [
  { id: "service", labelKey: "service", Component: ServiceReport },
  { id: "sla", labelKey: "sla", Component: SlaReport },
];

/** /reports (admins and supervisors): the service reports, one tab each. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(TABS[0].id);
  const current = TABS.find((x) => x.id === tab) ?? TABS[0];

  return (
    <PageContainer title={t("reports.title")} maxWidth={1440}>
      {TABS.length > 1 && (
        <Tabs value={current.id} onChange={(_, id: string) => setTab(id)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          {TABS.map((x) => (
            <Tab key={x.id} value={x.id} label={t(`reports.tabs.${x.labelKey}`)} data-testid={`reports-tab-${x.id}`} />
          ))}
        </Tabs>
      )}
      <current.Component />
    </PageContainer>
  );
}

import type { HTMLAttributes, ReactNode } from "react";
import { Button, MenuItem, Paper, Stack, TextField } from "@mui/material";
import FilterAltOffOutlined from "@mui/icons-material/FilterAltOffOutlined";
import { useTranslation } from "react-i18next";
import { AUDIT_ACTIONS, type AuditLogFilterOptions } from "@balcao/common";
import { DayField } from "../../components/dates/DateFields";
import { actionLabel, familyLabel, familyOf, NO_FILTER, type AuditFilter } from "./auditLogsApi";

interface AuditLogFiltersProps {
  filter: AuditFilter;
  onChange(filter: AuditFilter): void;
  options: AuditLogFilterOptions | undefined;
  showCompany: boolean;
  /** The end day is before the start day: it is not sent. */
  dateToInvalid: boolean;
}

const FAMILIES = [...new Set(AUDIT_ACTIONS.map(familyOf))];
// two fields a line on phones, one line on wide screens
const FIELD_SX = { width: { sm: 160 }, minWidth: 130, flex: { xs: "1 1 40%", sm: "0 0 auto" } };
const DAY_SX = { ...FIELD_SX, width: { sm: 180 } };
const selectTestId = (testId: string) => ({ select: { SelectDisplayProps: { "data-testid": testId } as HTMLAttributes<HTMLDivElement> } });

/** Company (super user), user, action (one or a whole family) and days; any change filters at once. */
export function AuditLogFilters({ filter, onChange, options, showCompany, dateToInvalid }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<AuditFilter>) => onChange({ ...filter, ...patch });
  const actionItems: ReactNode[] = FAMILIES.flatMap((family) => [
    <MenuItem key={`${family}.`} value={`${family}.`} data-testid={`audit-filter-action-${family}.`} sx={{ fontWeight: 600 }}>
      {t("audit.filters.allOf", { family: familyLabel(family) })}
    </MenuItem>,
    ...AUDIT_ACTIONS.filter((a) => familyOf(a) === family).map((action) => (
      <MenuItem key={action} value={action} data-testid={`audit-filter-action-${action}`} sx={{ pl: 4 }}>
        {actionLabel(action)}
      </MenuItem>
    )),
  ]);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2} alignItems="center">
        {showCompany && (
          <TextField
            select
            size="small"
            label={t("audit.filters.company")}
            value={filter.companyId}
            onChange={(e) => set({ companyId: e.target.value, userId: "" })}
            sx={FIELD_SX}
            slotProps={selectTestId("audit-filter-company")}
          >
            <MenuItem value="">{t("audit.filters.all")}</MenuItem>
            {options?.companies.map((c) => (
              <MenuItem key={c.id} value={String(c.id)} data-testid={`audit-filter-company-${c.id}`}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField select size="small" label={t("audit.filters.user")} value={filter.userId} onChange={(e) => set({ userId: e.target.value })} sx={FIELD_SX} slotProps={selectTestId("audit-filter-user")}>
          <MenuItem value="">{t("audit.filters.all")}</MenuItem>
          {/* the chosen user stays listed while the options load */}
          {filter.userId && !options?.users.some((u) => String(u.id) === filter.userId) && <MenuItem value={filter.userId}>#{filter.userId}</MenuItem>}
          {options?.users.map((u) => (
            <MenuItem key={u.id} value={String(u.id)} data-testid={`audit-filter-user-${u.id}`}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t("audit.filters.action")} value={filter.action} onChange={(e) => set({ action: e.target.value })} sx={FIELD_SX} slotProps={selectTestId("audit-filter-action")}>
          <MenuItem value="" data-testid="audit-filter-action-all">
            {t("audit.filters.all")}
          </MenuItem>
          {actionItems}
        </TextField>
        <DayField size="small" label={t("audit.filters.dateFrom")} value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="audit-filter-date-from" sx={DAY_SX} />
        <DayField size="small" label={t("audit.filters.dateTo")} value={filter.dateTo} onChange={(dateTo) => set({ dateTo })} testId="audit-filter-date-to" error={dateToInvalid} sx={DAY_SX} />
        <Button startIcon={<FilterAltOffOutlined />} onClick={() => onChange(NO_FILTER)} disabled={JSON.stringify(filter) === JSON.stringify(NO_FILTER)} data-testid="audit-filter-clear">
          {t("audit.filters.clear")}
        </Button>
      </Stack>
    </Paper>
  );
}

import { Grid, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ScheduleEntry } from "@balcao/common";
import { translateDynamic } from "../../i18n/dynamic";
import { TimeMaskInput } from "./TimeMaskInput";

/** Field errors of each row, as react-hook-form reports them for `schedules`. */
export type ScheduleErrors = ({ startTime?: unknown; endTime?: unknown } | undefined)[] | undefined;

interface SchedulesEditorProps {
  value: ScheduleEntry[];
  onChange(next: ScheduleEntry[]): void;
  errors?: ScheduleErrors;
  disabled?: boolean;
  /** Prefix of the inputs' test ids: `{testId}-{weekdayEn}-start|end`. */
  testId: string;
}

/** One row per weekday with its start and end time (HH:MM); used for queue and company hours. */
export function SchedulesEditor({ value, onChange, errors, disabled, testId }: SchedulesEditorProps) {
  const { t } = useTranslation();
  const set = (index: number, field: "startTime" | "endTime", time: string) => onChange(value.map((entry, i) => (i === index ? { ...entry, [field]: time } : entry)));

  return (
    <Grid container spacing={2} alignItems="center" data-testid={testId}>
      {value.map((entry, index) => {
        const rowErrors = errors?.[index];
        const timeField = (field: "startTime" | "endTime", suffix: string) => (
          <TextField
            label={t(`schedules.${field}`)}
            value={entry[field]}
            onChange={(event) => set(index, field, event.target.value)}
            disabled={disabled}
            size="small"
            fullWidth
            error={Boolean(rowErrors?.[field])}
            helperText={rowErrors?.[field] ? t("schedules.invalidTime") : undefined}
            placeholder="00:00"
            slotProps={{
              input: { inputComponent: TimeMaskInput as never },
              htmlInput: { "data-testid": `${testId}-${entry.weekdayEn}-${suffix}`, inputMode: "numeric" },
            }}
          />
        );
        return (
          <Grid key={entry.weekdayEn} container size={12} spacing={2} alignItems="center">
            <Grid size={{ xs: 12, sm: 4 }}>
              <Typography fontWeight={500}>{translateDynamic(`schedules.weekdays.${entry.weekdayEn}`, entry.weekday)}</Typography>
            </Grid>
            <Grid size={{ xs: 6, sm: 4 }}>{timeField("startTime", "start")}</Grid>
            <Grid size={{ xs: 6, sm: 4 }}>{timeField("endTime", "end")}</Grid>
          </Grid>
        );
      })}
    </Grid>
  );
}

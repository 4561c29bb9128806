import { CircularProgress, InputAdornment, MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Plan } from "@balcao/common";

interface PlanSelectProps {
  plans: Plan[] | undefined;
  loading: boolean;
  value: unknown;
  onChange(value: string): void;
  onBlur(): void;
  error?: boolean;
  helperText?: string;
}

/** The plans of GET /plans/list with users, connections, queues and monthly value. */
export function PlanSelect({ plans, loading, value, onChange, onBlur, error, helperText }: PlanSelectProps) {
  const { t, i18n } = useTranslation();
  const money = new Intl.NumberFormat(i18n.language === "pt" ? "pt-BR" : i18n.language, { style: "currency", currency: "BRL" });
  const empty = !loading && (plans?.length ?? 0) === 0;
  return (
    <TextField
      select
      fullWidth
      label={t("signup.plan")}
      value={typeof value === "number" || typeof value === "string" ? String(value) : ""}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      helperText={empty ? t("signup.planEmpty") : helperText}
      disabled={loading || empty}
      data-testid="signup-plan"
      slotProps={{
        input: loading
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <CircularProgress size={18} />
                </InputAdornment>
              ),
            }
          : undefined,
        inputLabel: loading ? { shrink: true } : undefined,
        select: { displayEmpty: loading, renderValue: loading ? () => t("signup.planLoading") : undefined },
      }}
    >
      {(plans ?? []).map((plan) => (
        <MenuItem key={plan.id} value={String(plan.id)} data-testid={`signup-plan-option-${plan.id}`}>
          {t("signup.planDetails", {
            name: plan.name,
            users: plan.users,
            connections: plan.connections,
            queues: plan.queues,
            value: money.format(plan.value),
          })}
        </MenuItem>
      ))}
    </TextField>
  );
}

import type { HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Grid, MenuItem, TableCell, TableRow, TextField } from "@mui/material";
import { PLAN_FLAGS, type Plan, type PlanFlag } from "@balcao/common";
import { localeOf } from "../../../i18n/format";
import { ConfirmRowDelete, CrudShell, FormButtons, RowActionsCell } from "./CrudShell";
import { deletePlan, fetchPlans, plansKey, savePlan } from "./platformApi";
import { useCrudTab } from "./useCrudTab";

type Form = { name: string; users: string; connections: string; queues: string; value: string } & Record<PlanFlag, boolean>;
// section 9: 0 users, connections, queues, value 0, every feature on
const EMPTY: Form = { name: "", users: "0", connections: "0", queues: "0", value: "0", ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<PlanFlag, boolean>) };
const formOf = (p: Plan): Form => ({
  name: p.name,
  users: String(p.users),
  connections: String(p.connections),
  queues: String(p.queues),
  value: String(p.value),
  ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f]])) as Record<PlanFlag, boolean>),
});

/** Settings 'Plans' (super user): the plan form, and the table of plans with their limits and features. */
export function PlansTab() {
  const { t, i18n } = useTranslation();
  const tab = useCrudTab({ queryKey: plansKey, fetch: fetchPlans, save: savePlan, remove: deletePlan, empty: EMPTY, formOf, saveFailed: t("platform.plans.saveFailed") });
  const { form, setForm } = tab;
  const text = (key: "name" | "users" | "connections" | "queues" | "value", type = "number") => (
    <TextField
      fullWidth
      size="small"
      required={key === "name"}
      type={type}
      label={t(`platform.plans.${key}`)}
      value={form[key]}
      onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      slotProps={{ htmlInput: { "data-testid": `plan-${key}`, ...(type === "number" ? { min: 0, step: key === "value" ? "0.01" : "1" } : { maxLength: 50 }) } }}
    />
  );
  const money = new Intl.NumberFormat(localeOf(i18n.resolvedLanguage), { style: "currency", currency: "BRL" });
  const yesNo = (on: boolean) => (on ? t("platform.plans.enabled") : t("platform.plans.disabled"));

  const formBody = (
    <form onSubmit={tab.submit} data-testid="plan-form">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>{text("name", "text")}</Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>{text("users")}</Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>{text("connections")}</Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>{text("queues")}</Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>{text("value")}</Grid>
        {PLAN_FLAGS.map((flag) => (
          <Grid key={flag} size={{ xs: 6, sm: 4, md: 3 }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t(`platform.plans.flags.${flag}`)}
              value={form[flag] ? "true" : "false"}
              onChange={(e) => setForm((f) => ({ ...f, [flag]: e.target.value === "true" }))}
              slotProps={{ select: { SelectDisplayProps: { "data-testid": `plan-${flag}` } as HTMLAttributes<HTMLDivElement> } }}
            >
              <MenuItem value="true" data-testid={`plan-${flag}-option-true`}>
                {t("platform.plans.enabled")}
              </MenuItem>
              <MenuItem value="false" data-testid={`plan-${flag}-option-false`}>
                {t("platform.plans.disabled")}
              </MenuItem>
            </TextField>
          </Grid>
        ))}
      </Grid>
      <FormButtons saving={tab.saving} onClear={tab.reset} />
    </form>
  );

  return (
    <>
      <CrudShell
        {...tab.shell}
        testId="settings-plans"
        form={formBody}
        headers={[
          t("platform.plans.name"),
          t("platform.plans.users"),
          t("platform.plans.connections"),
          t("platform.plans.queues"),
          t("platform.plans.value"),
          ...PLAN_FLAGS.map((f) => t(`platform.plans.flags.${f}`)),
          t("platform.actions"),
        ]}
        emptyText={t("platform.plans.empty")}
      >
        {tab.list.data?.map((p) => (
          <TableRow key={p.id} hover selected={tab.editing === p.id} data-testid={`plan-row-${p.id}`}>
            <TableCell>{p.name}</TableCell>
            <TableCell>{p.users}</TableCell>
            <TableCell>{p.connections}</TableCell>
            <TableCell>{p.queues}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{money.format(p.value)}</TableCell>
            {PLAN_FLAGS.map((f) => (
              <TableCell key={f}>{yesNo(p[f])}</TableCell>
            ))}
            <RowActionsCell testIdPrefix="plan" id={p.id} onEdit={() => tab.edit(p)} onDelete={() => tab.askDelete(p)} />
          </TableRow>
        ))}
      </CrudShell>
      <ConfirmRowDelete {...tab.confirmDelete} />
    </>
  );
}

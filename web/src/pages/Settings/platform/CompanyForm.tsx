import type { FormEvent, HTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { Button, Grid, MenuItem, TextField, Typography } from "@mui/material";
import { BILLING_FIELDS, BILLING_MAX, RECURRENCES, advanceDueDate, type BillingField, type Plan } from "@balcao/common";
import { DayField } from "../../../components/dates/DateFields";
import { FormButtons } from "./CrudShell";

export type CompanyFormState = Record<BillingField, string> & {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: string;
  campaignsEnabled: string;
  dueDate: string;
  recurrence: string;
  password: string;
};

const EMPTY_BILLING = Object.fromEntries(BILLING_FIELDS.map((f) => [f, ""])) as Record<BillingField, string>;

export const EMPTY_COMPANY: CompanyFormState = { name: "", email: "", phone: "", planId: "", status: "true", campaignsEnabled: "true", dueDate: "", recurrence: "MENSAL", password: "", ...EMPTY_BILLING };

/** The billing fields' labels, widths (of 12 columns: phone, tablet, desktop), longest values and autofill names. */
const BILLING_LAYOUT: Record<BillingField, { label: string; size: { xs: number; sm: number; md: number }; max: number; autoComplete: string }> = {
  billingName: { label: "name", size: { xs: 12, sm: 6, md: 4 }, max: BILLING_MAX.name, autoComplete: "billing name" },
  billingDocument: { label: "document", size: { xs: 12, sm: 6, md: 3 }, max: BILLING_MAX.document, autoComplete: "off" },
  billingAddress: { label: "address", size: { xs: 12, sm: 8, md: 5 }, max: BILLING_MAX.address, autoComplete: "billing address-line1" },
  billingAddress2: { label: "address2", size: { xs: 12, sm: 4, md: 3 }, max: BILLING_MAX.address2, autoComplete: "billing address-line2" },
  billingCity: { label: "city", size: { xs: 12, sm: 6, md: 3 }, max: BILLING_MAX.city, autoComplete: "billing address-level2" },
  billingState: { label: "state", size: { xs: 6, sm: 2, md: 2 }, max: BILLING_MAX.state, autoComplete: "billing address-level1" },
  billingZipcode: { label: "zipcode", size: { xs: 6, sm: 4, md: 2 }, max: BILLING_MAX.zipcode, autoComplete: "billing postal-code" },
  billingCountry: { label: "country", size: { xs: 12, sm: 6, md: 2 }, max: BILLING_MAX.country, autoComplete: "billing country-name" },
};

interface CompanyFormProps {
  form: CompanyFormState;
  editing: boolean;
  plans: Plan[];
  saving: boolean;
  onChange(next: CompanyFormState): void;
  onSubmit(): void;
  onClear(): void;
}

/** Every field of a company; '+ Vencimento' moves the due date on by the recurrence (saved with the form). */
export function CompanyForm({ form, editing, plans, saving, onChange, onSubmit, onClear }: CompanyFormProps) {
  const { t } = useTranslation();
  const set = (key: keyof CompanyFormState) => (e: { target: { value: string } }) => onChange({ ...form, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  const cell = { xs: 12, sm: 6, md: 3 };
  const input = (key: keyof CompanyFormState, extra: Record<string, unknown> = {}) => ({ htmlInput: { "data-testid": `company-${key}`, ...extra } });
  // a select is opened by its displayed value, not by its hidden input
  const select = (key: keyof CompanyFormState) => ({ select: { SelectDisplayProps: { "data-testid": `company-${key}` } as HTMLAttributes<HTMLDivElement> } });
  const option = (key: keyof CompanyFormState, value: string) => `company-${key}-option-${value}`;

  return (
    <form onSubmit={submit} data-testid="company-form">
      <Grid container spacing={2}>
        <Grid size={cell}>
          <TextField fullWidth size="small" required label={t("platform.companies.name")} value={form.name} onChange={set("name")} slotProps={input("name")} />
        </Grid>
        <Grid size={cell}>
          <TextField fullWidth size="small" required type="email" label={t("platform.companies.email")} value={form.email} onChange={set("email")} slotProps={input("email")} />
        </Grid>
        <Grid size={cell}>
          <TextField fullWidth size="small" label={t("platform.companies.phone")} value={form.phone} onChange={set("phone")} slotProps={input("phone")} />
        </Grid>
        <Grid size={cell}>
          <TextField select fullWidth size="small" required label={t("platform.companies.plan")} value={form.planId} onChange={set("planId")} slotProps={select("planId")}>
            {plans.map((p) => (
              <MenuItem key={p.id} value={String(p.id)} data-testid={option("planId", String(p.id))}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <TextField select fullWidth size="small" label={t("platform.companies.status")} value={form.status} onChange={set("status")} slotProps={select("status")}>
            <MenuItem value="true" data-testid={option("status", "true")}>
              {t("platform.companies.active")}
            </MenuItem>
            <MenuItem value="false" data-testid={option("status", "false")}>
              {t("platform.companies.inactive")}
            </MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 3, md: 2 }}>
          <TextField select fullWidth size="small" label={t("platform.companies.campaigns")} value={form.campaignsEnabled} onChange={set("campaignsEnabled")} slotProps={select("campaignsEnabled")}>
            <MenuItem value="true" data-testid={option("campaignsEnabled", "true")}>
              {t("platform.companies.campaignsOn")}
            </MenuItem>
            <MenuItem value="false" data-testid={option("campaignsEnabled", "false")}>
              {t("platform.companies.campaignsOff")}
            </MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <DayField fullWidth size="small" label={t("platform.companies.dueDate")} value={form.dueDate} onChange={(dueDate) => onChange({ ...form, dueDate })} testId="company-dueDate" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <TextField select fullWidth size="small" label={t("platform.companies.recurrence")} value={form.recurrence} onChange={set("recurrence")} slotProps={select("recurrence")}>
            {RECURRENCES.map((r) => (
              <MenuItem key={r} value={r} data-testid={option("recurrence", r)}>
                {t(`platform.companies.recurrences.${r}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {!editing && (
          <Grid size={{ xs: 12, md: 3 }}>
            <TextField
              fullWidth
              size="small"
              type="password"
              autoComplete="new-password"
              label={t("platform.companies.password")}
              helperText={t("platform.companies.passwordHint")}
              value={form.password}
              onChange={set("password")}
              slotProps={input("password")}
            />
          </Grid>
        )}
        <Grid size={12}>
          <Typography variant="subtitle2" color="text.secondary" data-testid="company-billing-title">
            {t("platform.companies.billing.title")}
          </Typography>
        </Grid>
        {BILLING_FIELDS.map((key) => {
          const layout = BILLING_LAYOUT[key];
          return (
            <Grid key={key} size={layout.size}>
              <TextField
                fullWidth
                size="small"
                autoComplete={layout.autoComplete}
                label={t(`platform.companies.billing.${layout.label as "name"}`)}
                value={form[key]}
                onChange={set(key)}
                slotProps={input(key, { maxLength: layout.max })}
              />
            </Grid>
          );
        })}
      </Grid>
      <FormButtons
        saving={saving}
        onClear={onClear}
        extra={
          <Button variant="outlined" disabled={!form.dueDate} data-testid="company-advance" onClick={() => onChange({ ...form, dueDate: advanceDueDate(form.dueDate, form.recurrence) })}>
            {t("platform.companies.advance")}
          </Button>
        }
      />
    </form>
  );
}

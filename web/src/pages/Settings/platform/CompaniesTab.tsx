import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { TableCell, TableRow } from "@mui/material";
import { BILLING_FIELDS, RECURRENCES, type BillingField, type CompanyRecord, type Recurrence } from "@balcao/common";
import type { platformPt } from "../../../i18n/locales/platform.pt";
import { DeleteRowButton, EditRowButton } from "../../../components/RowActionButtons";
import { errorMessage } from "../../../api/errors";
import { formatDate } from "../../../i18n/format";
import { CrudShell } from "./CrudShell";
import { CompanyForm, EMPTY_COMPANY, type CompanyFormState } from "./CompanyForm";
import { DeleteCompanyDialog } from "./DeleteCompanyDialog";
import { TINT_COLORS, tintOf } from "./dueTint";
import { companiesKey, deleteCompany, fetchCompanies, fetchPlans, plansKey, saveCompany } from "./platformApi";

const formOf = (c: CompanyRecord): CompanyFormState => ({
  name: c.name,
  email: c.email ?? "",
  phone: c.phone ?? "",
  planId: c.planId ? String(c.planId) : "",
  status: String(c.status),
  campaignsEnabled: String(c.campaignsEnabled),
  dueDate: c.dueDate ?? "",
  recurrence: c.recurrence ?? "MENSAL",
  password: "",
  ...(Object.fromEntries(BILLING_FIELDS.map((f) => [f, c[f] ?? ""])) as Record<BillingField, string>),
});

/** Settings 'Companies' (super user): the company form and the table, rows tinted by days to the due date. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const companies = useQuery({ queryKey: companiesKey, queryFn: fetchCompanies, meta: { silent: true } });
  const plans = useQuery({ queryKey: plansKey, queryFn: fetchPlans });
  const [form, setForm] = useState<CompanyFormState>(EMPTY_COMPANY);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<CompanyRecord | null>(null);
  const reset = () => {
    setForm(EMPTY_COMPANY);
    setEditing(null);
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: companiesKey });

  const save = useMutation({
    mutationFn: () =>
      saveCompany(editing, {
        ...form,
        phone: form.phone || null,
        planId: form.planId,
        dueDate: form.dueDate || null,
        recurrence: form.recurrence as Recurrence,
        password: !editing && form.password ? form.password : undefined,
        status: form.status === "true",
        campaignsEnabled: form.campaignsEnabled === "true",
      }),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t("platform.saved"));
      reset();
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err) ?? t("platform.companies.saveFailed")),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteCompany(id),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t("platform.companies.deleteScheduled"));
      reset();
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err) ?? t("platform.deleteFailed")),
  });

  const c = (key: Exclude<keyof typeof platformPt.companies, "recurrences" | "billing">) => t(`platform.companies.${key}`);
  const recurrence = (r: string | null) => (r && (RECURRENCES as readonly string[]).includes(r) ? t(`platform.companies.recurrences.${r as Recurrence}`) : (r ?? "—"));
  return (
    <>
      <CrudShell
        testId="settings-companies"
        editing={editing}
        form={<CompanyForm form={form} editing={editing !== null} plans={plans.data ?? []} saving={save.isPending} onChange={setForm} onSubmit={() => save.mutate()} onClear={reset} />}
        headers={[c("name"), c("email"), c("phone"), c("plan"), c("campaigns"), c("status"), c("createdAt"), c("dueDate"), c("recurrence"), t("platform.actions")]}
        loading={companies.isPending}
        failed={companies.isError}
        empty={companies.data?.length === 0}
        emptyText={c("empty")}
        onRetry={() => void companies.refetch()}
      >
        {companies.data?.map((row) => {
          const tint = tintOf(row.dueDate);
          return (
            <TableRow key={row.id} hover selected={editing === row.id} data-testid={`company-row-${row.id}`} data-tint={tint ?? "none"} sx={tint ? { bgcolor: TINT_COLORS[tint] } : undefined}>
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.email}</TableCell>
              <TableCell>{row.phone}</TableCell>
              <TableCell>{row.plan?.name ?? "—"}</TableCell>
              <TableCell>{row.campaignsEnabled ? c("campaignsOn") : c("campaignsOff")}</TableCell>
              <TableCell>{row.status ? c("active") : c("inactive")}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(row.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }} data-testid={`company-due-${row.id}`}>
                {row.dueDate ? formatDate(`${row.dueDate}T12:00:00`) : "—"}
              </TableCell>
              <TableCell>{recurrence(row.recurrence)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>
                <EditRowButton
                  label={t("platform.edit")}
                  testId={`company-edit-${row.id}`}
                  onClick={() => {
                    setForm(formOf(row));
                    setEditing(row.id);
                  }}
                />
                {row.id !== 1 && <DeleteRowButton label={t("platform.delete")} testId={`company-delete-${row.id}`} onClick={() => setDeleting(row)} />}
              </TableCell>
            </TableRow>
          );
        })}
      </CrudShell>
      <DeleteCompanyDialog company={deleting} onConfirm={(co) => remove.mutate(co.id)} onClose={() => setDeleting(null)} />
    </>
  );
}

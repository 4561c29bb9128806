import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Skeleton, Stack, Typography } from "@mui/material";
import { companySchedulesBody, type CompanySchedulesBody, type ScheduleEntry } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { SchedulesEditor, type ScheduleErrors } from "../../components/schedules/SchedulesEditor";
import { fullWeek } from "../../components/schedules/weekSchedules";
import { companyKey, fetchCompany, saveCompanySchedules } from "./companySchedulesApi";

interface SchedulesFormValues {
  schedules: ScheduleEntry[];
}

/** The Settings 'Schedules' tab: the company's weekly hours, used when scheduleType is 'company'. */
export function SchedulesTab() {
  const { t } = useTranslation();
  const { companyId } = useSessionUser();
  const queryClient = useQueryClient();
  const company = useQuery({ queryKey: companyKey(companyId), queryFn: () => fetchCompany(companyId) });
  const { control, handleSubmit, reset, formState } = useForm<SchedulesFormValues, unknown, CompanySchedulesBody>({
    resolver: zodResolver(companySchedulesBody) as never,
    defaultValues: { schedules: fullWeek([]) },
  });

  useEffect(() => {
    if (company.data) reset({ schedules: fullWeek(company.data.schedules) });
  }, [company.data, reset]);

  const save = useMutation({
    mutationFn: (body: CompanySchedulesBody) => saveCompanySchedules(companyId, body.schedules),
    onSuccess: (saved) => {
      queryClient.setQueryData(companyKey(companyId), saved);
      toast.success(t("schedules.saved"));
    },
  });

  if (company.isPending) return <Skeleton variant="rounded" height={280} />;
  if (company.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void company.refetch()}>{t("common.retry")}</Button>}>
        {t("common.loadFailed")}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit((body) => save.mutate(body))} data-testid="settings-schedules">
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <div>
          <Typography variant="subtitle1" fontWeight={600}>
            {t("schedules.companyTitle")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("schedules.companyHint")}
          </Typography>
        </div>
        {company.data.schedules.length === 0 && <Alert severity="info">{t("schedules.notSaved")}</Alert>}
        <Controller
          name="schedules"
          control={control}
          render={({ field }) => <SchedulesEditor value={field.value} onChange={field.onChange} errors={formState.errors.schedules as ScheduleErrors} disabled={save.isPending} testId="company-schedules" />}
        />
        <Stack direction="row" justifyContent="flex-end">
          <Button type="submit" variant="contained" disabled={save.isPending} startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="company-schedules-save">
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

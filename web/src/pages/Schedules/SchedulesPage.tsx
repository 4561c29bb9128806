import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { Alert, Box, Button, CircularProgress, InputAdornment, Stack, TextField, Typography } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslation } from "react-i18next";
import { canChangeSchedule, idParam, type ScheduleView } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { ScheduleDialog } from "../../components/scheduleDialog/ScheduleDialog";
import { SchedulesCalendar } from "./SchedulesCalendar";
import { fetchContactRef } from "../../api/schedules";
import { useSchedules } from "./useSchedules";

interface DialogState {
  open: boolean;
  id: number | null;
}

/** /schedules: the company's scheduled messages on a calendar, searchable, live (administration §2). */
export function SchedulesPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { query, schedules, count, remove } = useSchedules(searchParam);
  // the id outlives `open` so the closing dialog keeps its content while it fades out
  const [dialog, setDialog] = useState<DialogState>({ open: false, id: null });
  const [deleting, setDeleting] = useState<ScheduleView | null>(null);

  // `?contactId=` opens the add dialog for that contact
  const presetId = idParam.safeParse(params.get("contactId") ?? undefined);
  const contactId = presetId.success ? presetId.data : null;
  const preset = useQuery({ queryKey: ["contacts", "one", contactId], queryFn: () => fetchContactRef(contactId!), enabled: contactId !== null });
  useEffect(() => {
    if (contactId !== null && (preset.isSuccess || preset.isError)) setDialog({ open: true, id: null });
  }, [contactId, preset.isSuccess, preset.isError]);

  const closeDialog = () => {
    setDialog((d) => ({ ...d, open: false }));
    if (params.has("contactId")) {
      params.delete("contactId");
      setParams(params, { replace: true });
    }
  };

  let notice = null;
  if (query.isPending) {
    notice = (
      <Stack alignItems="center" sx={{ py: 1 }}>
        <CircularProgress size={24} aria-label={t("common.loading")} data-testid="schedules-loading" />
      </Stack>
    );
  } else if (query.isError) {
    notice = (
      <Alert
        severity="error"
        sx={{ mb: 1 }}
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("common.loadFailed")}
      </Alert>
    );
  } else if (count === 0) {
    notice = (
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="schedules-empty">
        {t("scheduledMessages.empty")}
      </Typography>
    );
  }

  return (
    <PageContainer
      maxWidth={1400}
      title={t("scheduledMessages.title", { count })}
      actions={
        <ListPageActions
          search={
            <TextField
              size="small"
              placeholder={t("scheduledMessages.search")}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
                htmlInput: { "aria-label": t("scheduledMessages.search"), "data-testid": "schedules-search" },
              }}
            />
          }
          addLabel={t("scheduledMessages.add")}
          addTestId="schedules-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <Box data-testid="schedules-page" data-count={count}>
        {notice}
        <SchedulesCalendar schedules={schedules} canChange={(schedule) => canChangeSchedule(me, schedule)} onEdit={(schedule) => setDialog({ open: true, id: schedule.id })} onDelete={setDeleting} />
      </Box>
      <ScheduleDialog open={dialog.open} scheduleId={dialog.id} contact={dialog.id === null ? (preset.data ?? null) : null} onClose={closeDialog} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("common.deleteConfirmTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}

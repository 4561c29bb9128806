import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { z } from "zod";
import { addHours, format } from "date-fns";
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { muiRegister } from "../../../../components/formFields";
import { useSessionUser } from "../../../../app/authContext";
import { createSchedule } from "../api";
import type { TicketView } from "../types";

// Messages are keys under ticketView.schedule (the spec's 'Mensagem muito curta' and 'Obrigatório').
const scheduleSchema = z.object({
  body: z.string().trim().min(5, "tooShort"),
  sendAt: z
    .string()
    .min(1, "required")
    .refine((v) => !Number.isNaN(new Date(v).getTime()), "required"),
});
type ScheduleValues = z.infer<typeof scheduleSchema>;

const LOCAL_DATE_TIME = "yyyy-MM-dd'T'HH:mm";
const defaults = (): ScheduleValues => ({ body: "", sendAt: format(addHours(new Date(), 1), LOCAL_DATE_TIME) });

/** A message to send to the ticket's contact later; due by default one hour from now. */
export function ScheduleDialog({ open, ticket, onClose }: { open: boolean; ticket: TicketView; onClose(): void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const { register, handleSubmit, reset, formState } = useForm<ScheduleValues>({ resolver: zodResolver(scheduleSchema), defaultValues: defaults() });

  useEffect(() => {
    if (open) reset(defaults());
  }, [open, reset]);

  const save = useMutation({
    mutationFn: (values: ScheduleValues) =>
      createSchedule({ body: values.body, contactId: ticket.contactId, sendAt: new Date(values.sendAt).toISOString(), ticketId: ticket.id, userId: me.id }),
    onSuccess: () => {
      toast.success(t("ticketView.schedule.saved"));
      onClose();
    },
  });

  const errorText = (message?: string) => (message === "tooShort" || message === "required" ? t(`ticketView.schedule.${message}`) : message);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="schedule-dialog">
      <DialogTitle>{t("ticketView.schedule.title")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              {...muiRegister(register("body"))}
              label={t("ticketView.schedule.body")}
              multiline
              minRows={3}
              autoFocus
              fullWidth
              error={Boolean(formState.errors.body)}
              helperText={errorText(formState.errors.body?.message)}
              slotProps={{ htmlInput: { "data-testid": "schedule-body" } }}
            />
            <TextField
              {...muiRegister(register("sendAt"))}
              label={t("ticketView.schedule.sendAt")}
              type="datetime-local"
              fullWidth
              error={Boolean(formState.errors.sendAt)}
              helperText={errorText(formState.errors.sendAt?.message)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { "data-testid": "schedule-send-at" } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            data-testid="schedule-save"
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t("ticketView.schedule.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

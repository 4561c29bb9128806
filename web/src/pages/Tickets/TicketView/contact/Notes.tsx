import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Box, Button, CircularProgress, IconButton, List, ListItem, ListItemText, TextField, Typography } from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { ticketNoteFormSchema } from "@balcao/common";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { fieldError, muiRegister } from "../../../../components/formFields";
import { formatDateTime } from "../../../../i18n/format";
import { createNote, deleteNote, fetchNotes, ticketViewKeys } from "../api";
import type { TicketNote, TicketView } from "../types";

interface NoteValues {
  note: string;
}

/** Internal notes about the contact on this ticket: add (at least 2 characters) and delete. */
export function Notes({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ticketViewKeys.notes(ticket.id, ticket.contactId);
  const [deleting, setDeleting] = useState<TicketNote | null>(null);
  const notes = useQuery({ queryKey: key, queryFn: () => fetchNotes(ticket.id, ticket.contactId) });
  const { register, handleSubmit, reset, formState } = useForm<NoteValues>({ resolver: zodResolver(ticketNoteFormSchema), defaultValues: { note: "" } });

  const add = useMutation({
    mutationFn: (values: NoteValues) => createNote({ note: values.note, ticketId: ticket.id, contactId: ticket.contactId }),
    onSuccess: (note) => {
      queryClient.setQueryData<TicketNote[]>(key, (list) => [note, ...(list ?? []).filter((n) => n.id !== note.id)]);
      reset({ note: "" });
      toast.success(t("ticketView.notes.added"));
    },
  });

  const remove = useMutation({
    mutationFn: (note: TicketNote) => deleteNote(note.id),
    onSuccess: (_, note) => {
      queryClient.setQueryData<TicketNote[]>(key, (list) => (list ?? []).filter((n) => n.id !== note.id));
      toast.success(t("ticketView.notes.deleted"));
    },
  });

  return (
    <Box data-testid="ticket-notes">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t("ticketView.notes.title")}
      </Typography>
      <Box component="form" noValidate onSubmit={handleSubmit((values) => add.mutate(values))} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
        <TextField
          {...muiRegister(register("note"))}
          placeholder={t("ticketView.notes.placeholder")}
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          fullWidth
          {...fieldError(formState.errors.note)}
          slotProps={{ htmlInput: { "data-testid": "note-input" } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={add.isPending}
          sx={{ alignSelf: "flex-end" }}
          data-testid="note-save"
          startIcon={add.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          {t("ticketView.notes.save")}
        </Button>
      </Box>
      {notes.isPending && <CircularProgress size={20} sx={{ display: "block", mx: "auto", my: 2 }} />}
      {notes.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t("common.loadFailed")}
        </Alert>
      )}
      {notes.isSuccess && notes.data.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t("ticketView.notes.empty")}
        </Typography>
      )}
      <List dense disablePadding sx={{ mt: 1 }}>
        {notes.data?.map((note) => (
          <ListItem
            key={note.id}
            disableGutters
            data-testid="note-item"
            secondaryAction={
              <IconButton edge="end" size="small" aria-label={t("common.delete")} onClick={() => setDeleting(note)} data-testid="note-delete">
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            }
            sx={{ alignItems: "flex-start", borderBottom: 1, borderColor: "divider" }}
          >
            <ListItemText
              primary={note.note}
              secondary={t("ticketView.notes.author", { user: note.user?.name ?? "—", date: formatDateTime(note.createdAt) })}
              slotProps={{ primary: { sx: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" } } }}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={t("ticketView.notes.deleteTitle")}
        message={t("ticketView.notes.deleteText")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

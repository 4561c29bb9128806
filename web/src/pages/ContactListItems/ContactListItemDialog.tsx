import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import type { z } from "zod";
import { contactListItemFormSchema, type ContactListItemFormInput, type ContactListItemRecord } from "@balcao/common";
import { fetchContactListItem, saveContactListItem } from "../../api/contactLists";
import { FullPageLoader } from "../../components/FullPageLoader";
import { fieldError, muiRegister } from "../../components/formFields";

type FormOutput = z.infer<typeof contactListItemFormSchema>;
const EMPTY: ContactListItemFormInput = { name: "", number: "", email: "" };

interface ContactListItemDialogProps {
  open: boolean;
  contactListId: number;
  /** null: a new contact. */
  itemId: number | null;
  onClose(): void;
  onSaved(item: ContactListItemRecord): void;
}

/** Adds or edits a contact of the list (administration §5): name 2-50, number 8-50, a valid email or none. */
export function ContactListItemDialog({ open, contactListId, itemId, onClose, onSaved }: ContactListItemDialogProps) {
  const { t } = useTranslation();
  const editing = itemId !== null;
  const record = useQuery({ queryKey: ["contactListItems", "record", itemId], queryFn: () => fetchContactListItem(itemId!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const { register, handleSubmit, reset, formState } = useForm<ContactListItemFormInput, unknown, FormOutput>({ resolver: zodResolver(contactListItemFormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (!open) return;
    reset(editing && record.data ? { name: record.data.name, number: record.data.number, email: record.data.email } : EMPTY);
  }, [open, editing, record.data, reset]);

  const save = useMutation({
    mutationFn: (values: FormOutput) => saveContactListItem(itemId, contactListId, values),
    onSuccess: (item) => {
      toast.success(t("contactListItems.saved"));
      onSaved(item);
      onClose();
    },
  });

  const loading = editing && record.isPending;
  const failed = editing && record.isError;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="contact-list-item-dialog">
      <DialogTitle>{editing ? t("contactListItems.dialog.editTitle") : t("contactListItems.dialog.addTitle")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
        <DialogContent dividers>
          {loading && <FullPageLoader inline />}
          {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {!loading && !failed && (
            <Stack spacing={2}>
              <TextField
                {...muiRegister(register("name"))}
                label={t("contactListItems.dialog.name")}
                autoFocus
                fullWidth
                {...fieldError(formState.errors.name)}
                slotProps={{ htmlInput: { "data-testid": "contact-list-item-name" } }}
              />
              <TextField
                {...muiRegister(register("number"))}
                label={t("contactListItems.dialog.number")}
                placeholder="5513912344321"
                inputMode="tel"
                fullWidth
                {...fieldError(formState.errors.number, t("contactListItems.dialog.numberHint"))}
                slotProps={{ htmlInput: { "data-testid": "contact-list-item-number" } }}
              />
              <TextField
                {...muiRegister(register("email"))}
                label={t("contactListItems.dialog.email")}
                type="email"
                fullWidth
                {...fieldError(formState.errors.email)}
                slotProps={{ htmlInput: { "data-testid": "contact-list-item-email" } }}
              />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="contact-list-item-cancel">
            {t("common.cancel")}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={loading || failed || save.isPending}
            data-testid="contact-list-item-save"
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

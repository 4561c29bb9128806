import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { contactListBody, type ContactListRecord } from "@balcao/common";
import { contactListKey, fetchContactList, saveContactList } from "../../api/contactLists";
import { FullPageLoader } from "../../components/FullPageLoader";
import { fieldError, muiRegister } from "../../components/formFields";

const formSchema = contactListBody.pick({ name: true });
type FormInput = { name: string };

interface ContactListDialogProps {
  open: boolean;
  /** null: a new list. */
  contactListId: number | null;
  onClose(): void;
  onSaved(record: ContactListRecord): void;
}

/** Adds or renames a contact list: its name, 2 to 50 characters (administration §5). */
export function ContactListDialog({ open, contactListId, onClose, onSaved }: ContactListDialogProps) {
  const { t } = useTranslation();
  const editing = contactListId !== null;
  const record = useQuery({ queryKey: contactListKey(contactListId ?? 0), queryFn: () => fetchContactList(contactListId!), enabled: open && editing, staleTime: 0 });
  const { register, handleSubmit, reset, formState } = useForm<FormInput>({ resolver: zodResolver(formSchema), defaultValues: { name: "" } });

  useEffect(() => {
    if (open) reset({ name: editing && record.data ? record.data.name : "" });
  }, [open, editing, record.data, reset]);

  const save = useMutation({
    mutationFn: (values: FormInput) => saveContactList(contactListId, values.name),
    onSuccess: (saved) => {
      toast.success(t("contactLists.saved"));
      onSaved(saved);
      onClose();
    },
  });

  const loading = editing && record.isPending;
  const failed = editing && record.isError;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="contact-list-dialog">
      <DialogTitle>{editing ? t("contactLists.dialog.editTitle") : t("contactLists.dialog.addTitle")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
        <DialogContent dividers>
          {loading && <FullPageLoader inline />}
          {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {!loading && !failed && (
            <TextField
              {...muiRegister(register("name"))}
              label={t("contactLists.dialog.name")}
              autoFocus
              fullWidth
              {...fieldError(formState.errors.name)}
              slotProps={{ htmlInput: { "data-testid": "contact-list-name", maxLength: 60 } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="contact-list-cancel">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || failed || save.isPending} data-testid="contact-list-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

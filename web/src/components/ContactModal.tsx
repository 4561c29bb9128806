import { useEffect } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { contactFormSchema, type ContactFormInput, type CreateContactBody } from "@balcao/common";
import { fieldError, muiRegister } from "./formFields";
import { createContact, updateContact } from "../api/contacts";
import type { ContactView } from "@balcao/common";

const toValues = (contact: ContactView | null): ContactFormInput => ({
  name: contact?.name ?? "",
  number: contact?.number ?? "",
  email: contact?.email ?? "",
  extraInfo: (contact?.extraInfo ?? []).map(({ name, value }) => ({ name, value })),
});

interface ContactModalProps {
  open: boolean;
  /** The contact to edit; null adds a new one. */
  contact: ContactView | null;
  onClose(): void;
  onSaved(contact: ContactView): void;
}

/** Adds or edits a contact: name (2-50), optional number (8-50) and email, and extra name/value pairs. */
export function ContactModal({ open, contact, onClose, onSaved }: ContactModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, control, formState } = useForm<ContactFormInput, unknown, CreateContactBody>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: toValues(contact),
  });
  const extra = useFieldArray({ control, name: "extraInfo" });

  useEffect(() => {
    if (open) reset(toValues(contact));
  }, [open, contact, reset]);

  const save = useMutation({
    mutationFn: (body: CreateContactBody) => (contact ? updateContact(contact.id, body) : createContact(body)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ["contacts"] });
      onSaved(saved);
      toast.success(t("ticketView.contactModal.saved"));
      onClose();
    },
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="contact-modal">
      <DialogTitle>{contact ? t("ticketView.contactModal.title") : t("ticketView.contactModal.addTitle")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              {...muiRegister(register("name"))}
              label={t("ticketView.contactModal.name")}
              autoFocus
              fullWidth
              {...fieldError(formState.errors.name)}
              slotProps={{ htmlInput: { "data-testid": "contact-name" } }}
            />
            <TextField
              {...muiRegister(register("number"))}
              label={t("ticketView.contactModal.number")}
              placeholder={t("ticketView.contactModal.numberPlaceholder")}
              fullWidth
              {...fieldError(formState.errors.number)}
              slotProps={{ htmlInput: { "data-testid": "contact-number", inputMode: "tel" } }}
            />
            {contact?.lid && (
              <TextField
                value={contact.lid}
                label={t("ticketView.contactModal.lid")}
                helperText={t("ticketView.contactModal.lidHelp")}
                fullWidth
                slotProps={{ htmlInput: { readOnly: true, "data-testid": "contact-lid" } }}
              />
            )}
            {contact?.username && <TextField value={contact.username} label={t("ticketView.contactModal.username")} fullWidth slotProps={{ htmlInput: { readOnly: true, "data-testid": "contact-username" } }} />}
            <TextField
              {...muiRegister(register("email"))}
              label={t("ticketView.contactModal.email")}
              placeholder={t("ticketView.contactModal.emailPlaceholder")}
              type="email"
              fullWidth
              {...fieldError(formState.errors.email)}
              slotProps={{ htmlInput: { "data-testid": "contact-email" } }}
            />
            <Typography variant="subtitle2">{t("ticketView.contactModal.extraInfo")}</Typography>
            {extra.fields.map((field, index) => (
              <Box key={field.id} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }} data-testid="contact-extra-row">
                <TextField {...muiRegister(register(`extraInfo.${index}.name`))} label={t("ticketView.contactModal.extraName")} size="small" sx={{ flex: 1 }} {...fieldError(formState.errors.extraInfo?.[index]?.name)} />
                <TextField
                  {...muiRegister(register(`extraInfo.${index}.value`))}
                  label={t("ticketView.contactModal.extraValue")}
                  size="small"
                  sx={{ flex: 1 }}
                  {...fieldError(formState.errors.extraInfo?.[index]?.value)}
                />
                <IconButton aria-label={t("ticketView.contactModal.removeExtra")} onClick={() => extra.remove(index)} data-testid="contact-extra-remove">
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            ))}
            <Button startIcon={<AddIcon />} onClick={() => extra.append({ name: "", value: "" })} sx={{ alignSelf: "flex-start" }} data-testid="contact-extra-add">
              {t("ticketView.contactModal.addExtra")}
            </Button>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="contact-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

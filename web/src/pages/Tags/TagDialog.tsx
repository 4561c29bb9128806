import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormHelperText, Stack, Switch, TextField } from "@mui/material";
import PaletteOutlined from "@mui/icons-material/PaletteOutlined";
import { can, DEFAULT_TAG_COLOR, tagFormSchema, type CreateTagBody, type TagFormInput } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { ColorField } from "../../components/ColorField";
import { FullPageLoader } from "../../components/FullPageLoader";
import { fieldError, muiRegister } from "../../components/formFields";
import { fetchTag, saveTag, type TagItem } from "./tagsApi";

interface TagDialogProps {
  open: boolean;
  /** null: a new tag. */
  tagId: number | null;
  onClose(): void;
  onSaved(tag: TagItem): void;
}

const EMPTY: TagFormInput = { name: "", color: DEFAULT_TAG_COLOR, kanban: 0 };

/** Adds or edits a tag: name (at least 3), colour, and the kanban switch for admins and supervisors. */
export function TagDialog({ open, tagId, onClose, onSaved }: TagDialogProps) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const editing = tagId !== null;
  const mayKanban = can(me.profile, "tags:kanban");
  // always fresh on opening: someone may have changed the tag meanwhile
  const record = useQuery({ queryKey: ["tags", "record", tagId], queryFn: () => fetchTag(tagId!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const { register, control, handleSubmit, reset, formState } = useForm<TagFormInput, unknown, CreateTagBody>({
    resolver: zodResolver(tagFormSchema),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (!open) return;
    reset(editing && record.data ? { name: record.data.name, color: record.data.color, kanban: record.data.kanban === 1 ? 1 : 0 } : EMPTY);
  }, [open, editing, record.data, reset]);

  const save = useMutation({
    mutationFn: (body: TagFormInput) => saveTag(tagId, body),
    onSuccess: (tag) => {
      toast.success(t("tags.saved"));
      onSaved(tag);
      onClose();
    },
  });

  const onSubmit = handleSubmit((values) => {
    // only admins and supervisors may change the flag; others leave it as it is
    const body: TagFormInput = { name: values.name, color: values.color };
    if (mayKanban) body.kanban = values.kanban;
    save.mutate(body);
  });

  const loading = editing && record.isPending;
  const failed = editing && record.isError;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="tag-dialog">
      <DialogTitle>{editing ? t("tags.dialog.editTitle") : t("tags.dialog.addTitle")}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          {loading && <FullPageLoader inline />}
          {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {!loading && !failed && (
            <Stack spacing={2}>
              <TextField {...muiRegister(register("name"))} label={t("tags.dialog.name")} autoFocus fullWidth {...fieldError(formState.errors.name)} slotProps={{ htmlInput: { "data-testid": "tag-name" } }} />
              <Controller
                name="color"
                control={control}
                render={({ field, fieldState }) => (
                  <ColorField
                    value={field.value ?? ""}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    testId="tag"
                    icon={<PaletteOutlined />}
                    texts={{ label: t("tags.dialog.color"), hint: t("tags.dialog.colorHint"), pick: t("tags.dialog.pickColor"), palette: t("tags.dialog.palette"), custom: t("tags.dialog.customColor") }}
                  />
                )}
              />
              {mayKanban && (
                <Controller
                  name="kanban"
                  control={control}
                  render={({ field }) => (
                    <div>
                      <FormControlLabel
                        control={<Switch checked={field.value === 1 || field.value === true} onChange={(e) => field.onChange(e.target.checked ? 1 : 0)} slotProps={{ input: { "data-testid": "tag-kanban" } as never }} />}
                        label={t("tags.dialog.kanban")}
                      />
                      <FormHelperText>{t("tags.dialog.kanbanHint")}</FormHelperText>
                    </div>
                  )}
                />
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="tag-cancel">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || failed || save.isPending} data-testid="tag-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

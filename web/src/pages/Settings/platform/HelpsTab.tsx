import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Grid, TableCell, TableRow, TextField } from "@mui/material";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { DeleteRowButton, EditRowButton } from "../../../components/RowActionButtons";
import { errorMessage } from "../../../api/errors";
import { CrudShell, FormButtons } from "./CrudShell";
import { deleteHelp, fetchHelpsAdmin, helpsAdminKey, saveHelp, type HelpRow } from "./platformApi";

const EMPTY = { title: "", video: "", description: "", link: "" };

/** Settings 'Help' (super user): the help video form and table over the /helps API. */
export function HelpsTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const helps = useQuery({ queryKey: helpsAdminKey, queryFn: fetchHelpsAdmin, meta: { silent: true } });
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<HelpRow | null>(null);
  const reset = () => {
    setForm(EMPTY);
    setEditing(null);
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: helpsAdminKey });

  const save = useMutation({
    mutationFn: () => saveHelp(editing, form),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t("platform.saved"));
      reset();
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err) ?? t("platform.helps.saveFailed")),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteHelp(id),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t("platform.saved"));
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err) ?? t("platform.deleteFailed")),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const field = (key: "title" | "video" | "description", size: object, multiline = false) => (
    <Grid size={size}>
      <TextField
        fullWidth
        size="small"
        required={key === "title"}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        label={t(`platform.helps.${key}`)}
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        slotProps={{ htmlInput: { "data-testid": `help-${key}`, maxLength: key === "description" ? 2000 : 300 } }}
      />
    </Grid>
  );

  return (
    <>
      <CrudShell
        testId="settings-helps"
        editing={editing}
        form={
          <form onSubmit={submit} data-testid="help-form">
            <Grid container spacing={2}>
              {field("title", { xs: 12, sm: 6 })}
              {field("video", { xs: 12, sm: 6 })}
              {field("description", { xs: 12 }, true)}
            </Grid>
            <FormButtons saving={save.isPending} onClear={reset} />
          </form>
        }
        headers={[t("platform.helps.title"), t("platform.helps.video"), t("platform.helps.description"), t("platform.actions")]}
        loading={helps.isPending}
        failed={helps.isError}
        empty={helps.data?.length === 0}
        emptyText={t("platform.helps.empty")}
        onRetry={() => void helps.refetch()}
      >
        {helps.data?.map((h) => (
          <TableRow key={h.id} hover selected={editing === h.id} data-testid={`help-row-${h.id}`}>
            <TableCell>{h.title}</TableCell>
            <TableCell>{h.video}</TableCell>
            <TableCell sx={{ maxWidth: 360, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{h.description}</TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              <EditRowButton
                label={t("platform.edit")}
                testId={`help-edit-${h.id}`}
                onClick={() => {
                  setForm({ title: h.title, video: h.video, description: h.description, link: h.link });
                  setEditing(h.id);
                }}
              />
              <DeleteRowButton label={t("platform.delete")} testId={`help-delete-${h.id}`} onClick={() => setDeleting(h)} />
            </TableCell>
          </TableRow>
        ))}
      </CrudShell>
      <ConfirmDialog
        open={deleting !== null}
        title={t("platform.confirmTitle")}
        message={t("platform.confirmDelete")}
        confirmLabel={t("platform.yes")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

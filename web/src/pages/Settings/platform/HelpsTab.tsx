import { useTranslation } from "react-i18next";
import { Grid, TableCell, TableRow, TextField } from "@mui/material";
import { ConfirmRowDelete, CrudShell, FormButtons, RowActionsCell } from "./CrudShell";
import { deleteHelp, fetchHelpsAdmin, helpsAdminKey, saveHelp, type HelpRow } from "./platformApi";
import { useCrudTab } from "./useCrudTab";

const EMPTY = { title: "", video: "", description: "", link: "" };
const formOf = (h: HelpRow) => ({ title: h.title, video: h.video, description: h.description, link: h.link });

/** Settings 'Help' (super user): the help video form and table over the /helps API. */
export function HelpsTab() {
  const { t } = useTranslation();
  const tab = useCrudTab({ queryKey: helpsAdminKey, fetch: fetchHelpsAdmin, save: saveHelp, remove: deleteHelp, empty: EMPTY, formOf, saveFailed: t("platform.helps.saveFailed") });
  const { form, setForm } = tab;
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
        {...tab.shell}
        testId="settings-helps"
        form={
          <form onSubmit={tab.submit} data-testid="help-form">
            <Grid container spacing={2}>
              {field("title", { xs: 12, sm: 6 })}
              {field("video", { xs: 12, sm: 6 })}
              {field("description", { xs: 12 }, true)}
            </Grid>
            <FormButtons saving={tab.saving} onClear={tab.reset} />
          </form>
        }
        headers={[t("platform.helps.title"), t("platform.helps.video"), t("platform.helps.description"), t("platform.actions")]}
        emptyText={t("platform.helps.empty")}
      >
        {tab.list.data?.map((h) => (
          <TableRow key={h.id} hover selected={tab.editing === h.id} data-testid={`help-row-${h.id}`}>
            <TableCell>{h.title}</TableCell>
            <TableCell>{h.video}</TableCell>
            <TableCell sx={{ maxWidth: 360, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>{h.description}</TableCell>
            <RowActionsCell testIdPrefix="help" id={h.id} onEdit={() => tab.edit(h)} onDelete={() => tab.askDelete(h)} />
          </TableRow>
        ))}
      </CrudShell>
      <ConfirmRowDelete {...tab.confirmDelete} />
    </>
  );
}

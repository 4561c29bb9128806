import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Button, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { campaignVariableKey, type CampaignVariable } from "@balcao/common";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";

interface VariablesEditorProps {
  variables: CampaignVariable[];
  disabled?: boolean;
  onChange(variables: CampaignVariable[]): void;
}

/** The variables campaigns write as {key}: an add form and the table; a key that exists is not added (spec §5). */
export function VariablesEditor({ variables, disabled, onChange }: VariablesEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<CampaignVariable>({ key: "", value: "" });
  const [removing, setRemoving] = useState<string | null>(null);

  const add = () => {
    const key = draft.key.trim();
    const value = draft.value.trim();
    if (!key || !value) return void toast.error(t("campaignSettings.fillBoth"));
    if (!campaignVariableKey.safeParse(key).success) return void toast.error(t("campaignSettings.invalidKey"));
    if (variables.some((v) => v.key === key)) return void toast.warning(t("campaignSettings.variableExists"));
    onChange([...variables, { key, value }]);
    setDraft({ key: "", value: "" });
    toast.info(t("campaignSettings.variableAdded"));
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} alignItems={{ sm: "flex-start" }}>
        <TextField
          size="small"
          label={t("campaignSettings.key")}
          value={draft.key}
          disabled={disabled}
          onChange={(e) => setDraft((d) => ({ ...d, key: e.target.value }))}
          inputProps={{ maxLength: 50, "data-testid": "campaign-variable-key" }}
          sx={{ flex: { sm: "0 0 220px" } }}
        />
        <TextField
          size="small"
          label={t("campaignSettings.value")}
          value={draft.value}
          disabled={disabled}
          onChange={(e) => setDraft((d) => ({ ...d, value: e.target.value }))}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          inputProps={{ maxLength: 1000, "data-testid": "campaign-variable-value" }}
          sx={{ flex: 1 }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={disabled} data-testid="campaign-variable-add" sx={{ whiteSpace: "nowrap" }}>
          {t("campaignSettings.addVariable")}
        </Button>
      </Stack>
      {variables.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="campaign-variables-empty">
          {t("campaignSettings.noVariables")}
        </Typography>
      ) : (
        <Table size="small" data-testid="campaign-variables">
          <TableHead>
            <TableRow>
              <TableCell>{t("campaignSettings.key")}</TableCell>
              <TableCell>{t("campaignSettings.value")}</TableCell>
              <TableCell align="right" />
            </TableRow>
          </TableHead>
          <TableBody>
            {variables.map((v) => (
              <TableRow key={v.key} data-testid="campaign-variable-row">
                <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{`{${v.key}}`}</TableCell>
                <TableCell sx={{ wordBreak: "break-word" }}>{v.value}</TableCell>
                <TableCell align="right" padding="checkbox">
                  <Tooltip title={t("campaignSettings.removeVariable", { key: v.key })}>
                    <span>
                      <IconButton size="small" aria-label={t("campaignSettings.removeVariable", { key: v.key })} disabled={disabled} onClick={() => setRemoving(v.key)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <DeleteConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          onChange(variables.filter((v) => v.key !== removing));
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

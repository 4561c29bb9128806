import { useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { CompanyRecord } from "@balcao/common";

/** A company's deletion erases all its data: the super user types its name to confirm. */
export function DeleteCompanyDialog({ company, onConfirm, onClose }: { company: CompanyRecord | null; onConfirm(c: CompanyRecord): void; onClose(): void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const close = () => {
    setTyped("");
    onClose();
  };
  return (
    <Dialog open={company !== null} onClose={close} maxWidth="xs" fullWidth data-testid="delete-company-dialog">
      <DialogTitle>{t("platform.companies.deleteTitle", { name: company?.name ?? "" })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("platform.companies.deleteText")}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={t("platform.companies.deleteTyped")}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { "data-testid": "delete-company-typed" } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t("common.cancel")}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!company || typed.trim() !== company.name}
          data-testid="delete-company-ok"
          onClick={() => {
            if (company) onConfirm(company);
            close();
          }}
        >
          {t("platform.companies.deleteConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

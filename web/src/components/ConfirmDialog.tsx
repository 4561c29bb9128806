import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="confirm-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="confirm-cancel">
          {t("common.cancel")}
        </Button>
        <Button
          color="error"
          variant="contained"
          data-testid="confirm-ok"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel ?? t("common.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface DeleteConfirmDialogProps {
  open: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The catalogue's delete confirmation ('Deseja realmente excluir esse registro?'). */
export function DeleteConfirmDialog({ open, onConfirm, onClose }: DeleteConfirmDialogProps) {
  const { t } = useTranslation();
  return <ConfirmDialog open={open} title={t("common.deleteConfirmTitle")} message={t("common.deleteConfirm")} confirmLabel={t("common.delete")} onConfirm={onConfirm} onClose={onClose} />;
}

import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { CONTACT_IMPORT_REPEATED_NUMBER, type ContactImportRowError } from "@balcao/common";
import { translateValidation } from "../i18n/validation";

/** A row error in the reader's language: the form's field label and message, or the catalogue's text for an ERR_ code. */
function useRowErrorText() {
  const { t } = useTranslation();
  const fields: Record<string, string> = {
    name: t("ticketView.contactModal.name"),
    number: t("ticketView.contactModal.number"),
    email: t("ticketView.contactModal.email"),
  };
  return (error: ContactImportRowError) => ({
    field: fields[error.field] ?? error.field,
    message: error.message.startsWith("ERR_")
      ? t(`errors.${error.message}` as "errors.ERR_INTERNAL")
      : error.message === CONTACT_IMPORT_REPEATED_NUMBER
        ? t("contacts.importDialog.repeatedNumber")
        : translateValidation(error.message),
  });
}

/** One count of an import's outcome (created, updated…), big, with its label below. */
export function ImportCounter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box sx={{ flex: "1 1 0", minWidth: 64, textAlign: "center", p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}>
      <Typography variant="h5" fontWeight={700} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/** The cells an import refused: spreadsheet row, field and why (`import-error-{row}-{field}` rows). */
export function ImportRowErrors({ errors }: { errors: ContactImportRowError[] }) {
  const { t } = useTranslation();
  const describe = useRowErrorText();
  return (
    <>
      <Typography variant="subtitle2">{t("contacts.importDialog.errorsTitle")}</Typography>
      <TableContainer sx={{ maxHeight: 280 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t("contacts.importDialog.row")}</TableCell>
              <TableCell>{t("contacts.importDialog.field")}</TableCell>
              <TableCell>{t("contacts.importDialog.message")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {errors.map((error) => {
              const text = describe(error);
              return (
                <TableRow key={`${error.row}-${error.field}`} data-testid={`import-error-${error.row}-${error.field}`}>
                  <TableCell>{error.row}</TableCell>
                  <TableCell>{text.field}</TableCell>
                  <TableCell>{text.message}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

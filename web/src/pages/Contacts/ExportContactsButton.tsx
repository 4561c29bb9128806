import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button, CircularProgress, Menu, MenuItem } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import { useTranslation } from "react-i18next";
import type { ContactExportFormat } from "@balcao/common";
import { downloadContacts } from "./contactsApi";

/** Export: the company's contacts (name, number, email, extra info) as .xlsx or .csv, built by the server. */
export function ExportContactsButton() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const download = useMutation({ mutationFn: (format: ContactExportFormat) => downloadContacts(format) });
  const choose = (format: ContactExportFormat) => {
    setAnchor(null);
    download.mutate(format);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={download.isPending ? <CircularProgress size={16} /> : <DownloadIcon />}
        disabled={download.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="contacts-export"
      >
        {t("contacts.exportButton")}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose("xlsx")} data-testid="contacts-export-xlsx">
          {t("contacts.exportXlsx")}
        </MenuItem>
        <MenuItem onClick={() => choose("csv")} data-testid="contacts-export-csv">
          {t("contacts.exportCsv")}
        </MenuItem>
      </Menu>
    </>
  );
}

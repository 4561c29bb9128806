import { useState } from "react";
import { TableCell } from "@mui/material";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { SearchListPage } from "../../components/SearchListPage";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { FileListDialog } from "./FileListDialog";
import { FileListRow } from "./FileListRow";
import { useFileListPages } from "./useFileListPages";

/** /files: the company's file lists, searched by name, kept live (administration §2 "File lists"). */
export function FileListsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canManage = can(user.profile, "files:manage");
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { query, applySaved, remove } = useFileListPages(searchParam);
  const records = query.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <SearchListPage
      texts="fileLists"
      testIdPrefix="file-lists"
      search={search}
      onSearchChange={setSearch}
      query={query}
      records={records}
      columns={3}
      head={
        <>
          <TableCell>{t("fileLists.columns.name")}</TableCell>
          <TableCell>{t("fileLists.columns.files")}</TableCell>
          <TableCell align="center" sx={{ width: 100 }}>
            {t("fileLists.columns.actions")}
          </TableCell>
        </>
      }
      renderRow={(record, actions) => <FileListRow key={record.id} record={record} canManage={canManage} onEdit={actions.edit} onDelete={actions.remove} />}
      renderDialog={(dialog) => <FileListDialog open={dialog.open} fileListId={dialog.id} onClose={dialog.onClose} onSaved={applySaved} />}
      onDelete={(id) => remove.mutate(id)}
    />
  );
}

import { useState } from "react";
import { TableCell } from "@mui/material";
import { useTranslation } from "react-i18next";
import { SearchListPage } from "../../components/SearchListPage";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { AnnouncementRow } from "./AnnouncementRow";
import { useAnnouncementPages } from "./useAnnouncementPages";

/** /announcements: the super user's list of announcements with search, paging and a dialog (administration §2). */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { query, applySaved, remove } = useAnnouncementPages(searchParam);
  const seen = new Set<number>();
  const records = (query.data?.pages.flatMap((page) => page.records) ?? []).filter((r) => !seen.has(r.id) && seen.add(r.id));

  return (
    <SearchListPage
      texts="announcements"
      testIdPrefix="announcements"
      search={search}
      onSearchChange={setSearch}
      query={query}
      records={records}
      columns={5}
      tableSx={{ "& th, & td": { px: { xs: 1, sm: 2 } } }}
      head={
        <>
          <TableCell>{t("announcements.columns.title")}</TableCell>
          <TableCell align="center">{t("announcements.columns.priority")}</TableCell>
          <TableCell align="center" sx={{ display: { xs: "none", sm: "table-cell" } }}>
            {t("announcements.columns.mediaName")}
          </TableCell>
          <TableCell align="center" sx={{ display: { xs: "none", sm: "table-cell" } }}>
            {t("announcements.columns.status")}
          </TableCell>
          <TableCell align="center" sx={{ width: { xs: 84, sm: 110 } }}>
            {t("announcements.columns.actions")}
          </TableCell>
        </>
      }
      renderRow={(record, actions) => <AnnouncementRow key={record.id} record={record} onEdit={actions.edit} onDelete={actions.remove} />}
      renderDialog={(dialog) => <AnnouncementDialog open={dialog.open} announcementId={dialog.id} onClose={dialog.onClose} onSaved={applySaved} />}
      onDelete={(id) => remove.mutate(id)}
    />
  );
}

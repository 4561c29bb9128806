import { useState } from "react";
import { TableCell } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../../app/authContext";
import { SearchListPage } from "../../components/SearchListPage";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { canEditQuickMessage } from "./quickMessageList";
import { QuickMessageDialog } from "./QuickMessageDialog";
import { QuickMessageRow } from "./QuickMessageRow";
import { useQuickMessagePages } from "./useQuickMessagePages";

/** /quick-messages: the caller's own and the company's shared quick replies (administration §2). */
export function QuickMessagesPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim().toLowerCase());
  const { query, applySaved, remove } = useQuickMessagePages(searchParam);
  const records = query.data?.pages.flatMap((page) => page.records) ?? [];

  return (
    <SearchListPage
      texts="quickMessages"
      testIdPrefix="quick-messages"
      search={search}
      onSearchChange={setSearch}
      query={query}
      records={records}
      columns={3}
      head={
        <>
          <TableCell>{t("quickMessages.columns.shortcode")}</TableCell>
          <TableCell align="center">{t("quickMessages.columns.mediaName")}</TableCell>
          <TableCell align="center" sx={{ width: 120 }}>
            {t("quickMessages.columns.actions")}
          </TableCell>
        </>
      }
      renderRow={(record, actions) => <QuickMessageRow key={record.id} record={record} canEdit={canEditQuickMessage(record, user)} onEdit={actions.edit} onDelete={actions.remove} />}
      renderDialog={(dialog) => <QuickMessageDialog open={dialog.open} quickMessageId={dialog.id} onClose={dialog.onClose} onSaved={applySaved} />}
      onDelete={(id) => remove.mutate(id)}
    />
  );
}

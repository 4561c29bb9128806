import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { downloadContactListExample } from "../../api/contactLists";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { ContactListDialog } from "./ContactListDialog";
import { ContactListRow } from "./ContactListRow";
import { useContactLists } from "./useContactLists";

const COLUMNS = 3;

/** /contact-lists: the company's contact lists with their contacts counts (administration §2 "Contact lists"). */
export function ContactListsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = useContactLists(search);
  const { items, save, removeList } = list;
  // the id outlives `open` so the closing dialog keeps its title while it fades out
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  return (
    <PageContainer
      title={t("contactLists.title")}
      actions={
        <ListPageActions
          search={<ListSearchField value={searchText} onChange={setSearchText} label={t("contactLists.search")} testId="contact-lists-search" />}
          addLabel={t("contactLists.add")}
          addTestId="contact-lists-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <PagedTable
        testId="contact-lists"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableCell align="center">{t("contactLists.columns.name")}</TableCell>
            <TableCell align="center">{t("contactLists.columns.contacts")}</TableCell>
            <TableCell align="center">{t("contactLists.columns.actions")}</TableCell>
          </TableRow>
        }
        list={list}
        emptyText={t("contactLists.empty")}
        loadingMoreText={t("contactLists.loadingMore")}
      >
        {items.map((record) => (
          <ContactListRow
            key={record.id}
            record={record}
            onDownloadExample={() => void downloadContactListExample(i18n.resolvedLanguage ?? "pt")}
            onOpen={() => navigate(`/contact-lists/${record.id}/contacts`)}
            onEdit={() => setDialog({ open: true, id: record.id })}
            onDelete={() => setDeleting({ id: record.id, name: record.name })}
          />
        ))}
      </PagedTable>
      <ContactListDialog open={dialog.open} contactListId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={save} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("contactLists.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting && removeList.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}

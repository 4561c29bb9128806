import { useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Stack, TableCell, TableRow } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import ArrowBack from "@mui/icons-material/ArrowBack";
import { useTranslation } from "react-i18next";
import { can, type ContactListRecord } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { contactListKey, fetchContactList } from "../../api/contactLists";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { useCompanyEvent } from "../../realtime/socketContext";
import { ContactListItemDialog } from "./ContactListItemDialog";
import { ContactListItemRow } from "./ContactListItemRow";
import { ImportListButton } from "./ImportListButton";
import { useContactListItems } from "./useContactListItems";

const COLUMNS = 5;

type ContactListEvent = { action: "create" | "update"; record: ContactListRecord } | { action: "delete"; id: number | string };

/** /contact-lists/:contactListId/contacts: one list's contacts, titled with its name (administration §2). */
export function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const contactListId = Number(useParams().contactListId);
  const canDelete = can(me.profile, "contacts-page:deleteContact");
  const contactList = useQuery({ queryKey: contactListKey(contactListId), queryFn: () => fetchContactList(contactListId), enabled: Number.isSafeInteger(contactListId) && contactListId > 0 });
  const [gone, setGone] = useState(false);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = useContactListItems(contactListId, search);
  const { items, save, removeItem } = list;
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);

  // the title follows a rename; a list deleted elsewhere says so
  useCompanyEvent<ContactListEvent>("ContactList", (event) => {
    if (event.action === "delete" && Number(event.id) === contactListId) setGone(true);
    else if (event.action !== "delete" && event.record?.id === contactListId) queryClient.setQueryData(contactListKey(contactListId), event.record);
  });

  const missing = gone || contactList.isError;
  return (
    <PageContainer
      title={contactList.data?.name ?? t("contactListItems.title")}
      actions={
        <Stack direction="row" flexWrap="wrap" useFlexGap gap={1} justifyContent="flex-end" alignItems="center" sx={{ width: { xs: "100%", sm: "auto" } }}>
          <ListSearchField value={searchText} onChange={setSearchText} label={t("contactListItems.search")} testId="contact-list-items-search" />
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate("/contact-lists")} data-testid="contact-list-items-back" sx={{ whiteSpace: "nowrap" }}>
            {t("common.back")}
          </Button>
          {!missing && <ImportListButton contactListId={contactListId} />}
          {!missing && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, id: null })} data-testid="contact-list-items-add" sx={{ whiteSpace: "nowrap" }}>
              {t("contactListItems.add")}
            </Button>
          )}
        </Stack>
      }
    >
      {missing ? (
        <Alert
          severity="warning"
          data-testid="contact-list-gone"
          action={
            <Button color="inherit" size="small" onClick={() => navigate("/contact-lists")}>
              {t("contactListItems.back")}
            </Button>
          }
        >
          {gone ? t("contactListItems.listGone") : t("common.loadFailed")}
        </Alert>
      ) : (
        <PagedTable
          testId="contact-list-items"
          columns={COLUMNS}
          head={
            <TableRow>
              <TableCell align="center">{t("contactListItems.columns.whatsapp")}</TableCell>
              <TableCell>{t("contactListItems.columns.name")}</TableCell>
              <TableCell>{t("contactListItems.columns.number")}</TableCell>
              <TableCell>{t("contactListItems.columns.email")}</TableCell>
              <TableCell align="center">{t("contactListItems.columns.actions")}</TableCell>
            </TableRow>
          }
          list={list}
          emptyText={t("contactListItems.empty")}
          loadingMoreText={t("contactListItems.loadingMore")}
        >
          {items.map((item) => (
            <ContactListItemRow key={item.id} item={item} canDelete={canDelete} onEdit={() => setDialog({ open: true, id: item.id })} onDelete={() => setDeleting(item.id)} />
          ))}
        </PagedTable>
      )}
      <ContactListItemDialog open={dialog.open} contactListId={contactListId} itemId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={save} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && removeItem.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}

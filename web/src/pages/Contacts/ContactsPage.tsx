import { useState } from "react";
import { Alert, Button, CircularProgress, InputAdornment, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from "@mui/material";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslation } from "react-i18next";
import { can, type ContactView } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageContainer } from "../../components/PageContainer";
import { phoneCardRows } from "../../components/phoneTable";
import { ContactModal } from "../../components/ContactModal";
import { NewTicketModal } from "../../components/NewTicketModal";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { ContactRow } from "./ContactRow";
import { ExportContactsButton } from "./ExportContactsButton";
import { ImportContactsButton } from "./ImportContactsButton";
import { contactsCount } from "./contactPages";
import { useContacts } from "./useContacts";

const COLUMNS = 5;
/** The next page loads when the list is scrolled to within this many pixels of its end (spec §9). */
const LOAD_MORE_MARGIN_PX = 100;

function FullRow({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS} align="center" data-testid={testId}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/** /contacts: search, infinite list, add/edit, new ticket, delete (contacts-page:deleteContact), import and export. */
export function ContactsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase());
  const { query, contacts, remove, saved } = useContacts(search);
  // `contact` outlives `open` so the closing dialog keeps its content while it fades out
  const [editing, setEditing] = useState<{ open: boolean; contact: ContactView | null }>({ open: false, contact: null });
  const [ticketFor, setTicketFor] = useState<ContactView | null>(null);
  const [deleting, setDeleting] = useState<ContactView | null>(null);
  const canDelete = can(user.profile, "contacts-page:deleteContact");

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    if (scrollHeight - (scrollTop + LOAD_MORE_MARGIN_PX) < clientHeight && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  let body;
  if (query.isPending) {
    body = (
      <FullRow testId="contacts-loading">
        <CircularProgress size={28} aria-label={t("common.loading")} />
      </FullRow>
    );
  } else if (query.isError) {
    body = (
      <FullRow>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {t("common.loadFailed")}
        </Alert>
      </FullRow>
    );
  } else if (contacts.length === 0) {
    body = (
      <FullRow testId="contacts-empty">
        <Typography color="text.secondary">{search ? t("contacts.noMatches") : t("contacts.empty")}</Typography>
      </FullRow>
    );
  } else {
    body = contacts.map((contact) => (
      <ContactRow key={contact.id} contact={contact} canDelete={canDelete} onNewTicket={() => setTicketFor(contact)} onEdit={() => setEditing({ open: true, contact })} onDelete={() => setDeleting(contact)} />
    ));
  }

  return (
    <PageContainer
      title={query.data ? t("contacts.titleWithCount", { count: contactsCount(query.data) }) : t("contacts.title")}
      actions={
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap justifyContent="flex-end">
          <ImportContactsButton />
          <ExportContactsButton />
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setEditing({ open: true, contact: null })} data-testid="contacts-add">
            {t("contacts.add")}
          </Button>
        </Stack>
      }
    >
      <TextField
        fullWidth
        size="small"
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        placeholder={t("contacts.searchPlaceholder")}
        sx={{ mb: 2 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { "data-testid": "contacts-search", "aria-label": t("contacts.searchPlaceholder") },
        }}
      />
      <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: "calc(100vh - 250px)" }} onScroll={onScroll} data-testid="contacts-page">
        <Table size="small" stickyHeader sx={phoneCardRows}>
          <TableHead>
            <TableRow>
              <TableCell />
              <TableCell>{t("contacts.columns.name")}</TableCell>
              <TableCell>{t("contacts.columns.number")}</TableCell>
              <TableCell>{t("contacts.columns.email")}</TableCell>
              <TableCell align="center">{t("contacts.columns.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {body}
            {query.isFetchingNextPage && (
              <FullRow testId="contacts-loading-more">
                <CircularProgress size={20} aria-label={t("contacts.loadingMore")} />
              </FullRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ContactModal open={editing.open} contact={editing.contact} onClose={() => setEditing((e) => ({ ...e, open: false }))} onSaved={saved} />
      {ticketFor && <NewTicketModal contact={ticketFor} onClose={() => setTicketFor(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t("contacts.deleteTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}

import { useState } from "react";
import { TableCell, TableRow } from "@mui/material";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import { useTranslation } from "react-i18next";
import type { UserListItem } from "@balcao/common";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { UserModal } from "../../components/UserModal/UserModal";
import { useSessionUser } from "../../app/authContext";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { UserRow } from "./UserRow";
import { useUsersList } from "./useUsersList";
import { userMatches } from "./usersApi";
import { resetUserTwoFactor } from "../../api/twoFactor";
import { toastError } from "../../api/errors";
import { toast } from "react-toastify";

const COLUMNS = 5;

/** /users (admins): the company's users with live online status, add, edit and delete (administration §7 Users). */
export function UsersPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = useUsersList(search);
  const { items, upsert, removeUser } = list;
  // the id outlives `open` so the closing dialog keeps its content while it fades out
  const [modal, setModal] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  const [deleting, setDeleting] = useState<{ open: boolean; user: UserListItem | null }>({ open: false, user: null });
  const [resetting, setResetting] = useState<{ open: boolean; user: UserListItem | null }>({ open: false, user: null });
  const resetTwoFactor = (user: UserListItem) => resetUserTwoFactor(user.id).then(() => toast.success(t("twoFactor.resetDone")), toastError);

  const onSaved = (user: UserListItem) => upsert(user, (keySearch) => userMatches(user, keySearch));

  return (
    <PageContainer
      title={t("users.title")}
      actions={
        <ListPageActions
          search={<ListSearchField value={searchText} onChange={setSearchText} label={t("users.search")} testId="users-search" />}
          addLabel={t("users.add")}
          addTestId="users-add"
          addIcon={<PersonAddIcon />}
          onAdd={() => setModal({ open: true, userId: null })}
        />
      }
    >
      <PagedTable
        testId="users-list"
        columns={COLUMNS}
        head={
          <TableRow>
            <TableCell>{t("users.columns.name")}</TableCell>
            <TableCell>{t("users.columns.email")}</TableCell>
            <TableCell align="center">{t("users.columns.profile")}</TableCell>
            <TableCell align="center">{t("users.columns.status")}</TableCell>
            <TableCell align="center">{t("users.columns.actions")}</TableCell>
          </TableRow>
        }
        list={list}
        emptyText={t("users.empty")}
        loadingMoreText={t("users.loadingMore")}
      >
        {items.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            canDelete={user.id !== me.id}
            onEdit={() => setModal({ open: true, userId: user.id })}
            onDelete={() => setDeleting({ open: true, user })}
            onResetTwoFactor={() => setResetting({ open: true, user })}
          />
        ))}
      </PagedTable>
      {modal.open && <UserModal open userId={modal.userId} onClose={() => setModal((m) => ({ ...m, open: false }))} onSaved={onSaved} />}
      <ConfirmDialog
        open={deleting.open}
        title={t("users.deleteTitle", { name: deleting.user?.name ?? "" })}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting.user && removeUser.mutate(deleting.user.id)}
        onClose={() => setDeleting((d) => ({ ...d, open: false }))}
      />
      <ConfirmDialog
        open={resetting.open}
        title={t("twoFactor.reset")}
        message={t("twoFactor.resetConfirm", { name: resetting.user?.name ?? "" })}
        confirmLabel={t("twoFactor.reset")}
        onConfirm={() => resetting.user && void resetTwoFactor(resetting.user)}
        onClose={() => setResetting((d) => ({ ...d, open: false }))}
      />
    </PageContainer>
  );
}

import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { UserListItem } from "@balcao/common";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteUser, fetchUsersPage, USERS_PAGE_KEY, userMatches } from "./usersApi";

interface UserEvent {
  action: string;
  user?: UserListItem;
  userId?: number | string;
}

/** The company's users, searched and paged, kept live by `company-{id}-user` (presence included). */
export function useUsersList(search: string) {
  const { t } = useTranslation();
  const list = usePagedList<UserListItem>({ baseKey: USERS_PAGE_KEY, search, fetchPage: fetchUsersPage });
  const { upsert, remove } = list;

  useCompanyEvent<UserEvent>("user", (event) => {
    if (event.action === "delete" && event.userId) remove(Number(event.userId));
    else if ((event.action === "create" || event.action === "update") && event.user?.id) {
      const user = event.user;
      upsert(user, (keySearch) => userMatches(user, keySearch));
    }
  });

  const removeUser = useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: (_, id) => {
      remove(id);
      toast.success(t("users.deleted"));
    },
  });

  return { ...list, removeUser };
}

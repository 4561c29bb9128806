import type { UserListItem, UsersPage } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

/** The users screen's cache key (the search ends it); `["users"]` invalidations refresh it too. */
export const USERS_PAGE_KEY = ["users", "page"] as const;

export async function fetchUsersPage(searchParam: string, pageNumber: number): Promise<ListPage<UserListItem>> {
  const { data } = await api.get<UsersPage>("/users/", { params: { searchParam, pageNumber } });
  return { items: data.users, count: data.count, hasMore: data.hasMore };
}

export async function deleteUser(id: number): Promise<void> {
  await api.delete(`/users/${id}`);
}

/** Whether a user shows in the list searched for `search` (the server searches name and email). */
export const userMatches = (user: UserListItem, search: string) => !search || user.name.toLowerCase().includes(search) || user.email.toLowerCase().includes(search);

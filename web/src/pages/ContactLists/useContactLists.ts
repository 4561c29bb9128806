import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { ContactListRecord } from "@balcao/common";
import { CONTACT_LISTS_PAGE_KEY, contactListKey, deleteContactList, fetchContactListsPage } from "../../api/contactLists";
import { matchesSearch } from "../../api/pagedList";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";

type ContactListEvent = { action: "create" | "update"; record: ContactListRecord } | { action: "delete"; id: number | string };

/** The company's contact lists, searched and paged, kept live by `company-{id}-ContactList`. */
export function useContactLists(search: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<ContactListRecord>({ baseKey: CONTACT_LISTS_PAGE_KEY, search, fetchPage: fetchContactListsPage });
  const { upsert, remove } = list;

  const save = (record: ContactListRecord) => {
    upsert(record, (keySearch) => matchesSearch(keySearch, record.name));
    queryClient.setQueryData(contactListKey(record.id), record);
  };

  useCompanyEvent<ContactListEvent>("ContactList", (event) => {
    if (event.action === "delete") remove(Number(event.id));
    else if (event.record?.id) save(event.record);
  });

  const removeList = useMutation({
    mutationFn: (id: number) => deleteContactList(id),
    onSuccess: (_, id) => {
      remove(id);
      toast.success(t("contactLists.deleted"));
    },
  });

  return { ...list, save, removeList };
}

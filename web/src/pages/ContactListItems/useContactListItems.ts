import { useEffect, useRef } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { contactListItemChannel, type ContactListItemRecord } from "@balcao/common";
import { contactListItemsKey, deleteContactListItem, fetchContactListItemsPage } from "../../api/contactLists";
import { matchesSearch, type PagedData } from "../../api/pagedList";
import { usePagedList } from "../../hooks/usePagedList";
import { useSocket } from "../../realtime/socketContext";

type ItemEvent = { action: "create" | "update"; record: ContactListItemRecord } | { action: "delete"; id: number | string } | { action: "reload"; records: ContactListItemRecord[] };

/** Whether a search of the list shows the item (the server matches the name, or the number by its digits). */
function belongs(item: ContactListItemRecord, search: string) {
  const digits = search.replace(/\D/g, "");
  return matchesSearch(search, item.name) || (digits !== "" && item.number.includes(digits));
}

/** Whether every record is in one of the loaded pages. */
const allLoaded = (data: PagedData<ContactListItemRecord> | undefined, records: ContactListItemRecord[]) => records.every((record) => data?.pages.some((page) => page.items.some((item) => item.id === record.id)));

/**
 * A list's contacts, searched and paged, kept live by the list's own channel
 * (`company-{id}-ContactListItem-{listId}`): creates, updates, deletes, and the records an import
 * or the WhatsApp check wrote (reload).
 */
export function useContactListItems(contactListId: number, search: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { socket, companyId } = useSocket();
  const baseKey = contactListItemsKey(contactListId);
  const list = usePagedList<ContactListItemRecord>({ baseKey, search, fetchPage: (s, page) => fetchContactListItemsPage(contactListId, s, page) });
  const { upsert, remove } = list;

  const save = (record: ContactListItemRecord) => upsert(record, (keySearch) => belongs(record, keySearch));

  /** Written records: replaced where they are shown; a search that should show records it does not have is read again. */
  const reload = (records: ContactListItemRecord[]) => {
    for (const record of records) upsert(record, () => false);
    for (const [key, data] of queryClient.getQueriesData<PagedData<ContactListItemRecord>>({ queryKey: baseKey })) {
      const keySearch = String(key[key.length - 1] ?? "");
      if (
        !allLoaded(
          data,
          records.filter((r) => belongs(r, keySearch)),
        )
      )
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  };

  const handler = useRef<(event: ItemEvent) => void>(() => undefined);
  handler.current = (event) => {
    if (event.action === "delete") remove(Number(event.id));
    else if (event.action === "reload") reload(event.records ?? []);
    else if (event.record?.contactListId === contactListId) save(event.record);
  };
  useEffect(() => {
    if (!socket || !companyId) return;
    const name = contactListItemChannel(companyId, contactListId);
    const listener = (event: ItemEvent) => handler.current(event);
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [socket, companyId, contactListId]);

  const removeItem = useMutation({
    mutationFn: (id: number) => deleteContactListItem(id),
    onSuccess: (_, id) => {
      remove(id);
      toast.success(t("contactListItems.deleted"));
    },
  });

  return { ...list, save, removeItem };
}

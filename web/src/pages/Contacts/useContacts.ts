import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { ContactView } from "@balcao/common";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteContact, fetchContactsPage } from "./contactsApi";
import { flattenContacts, removeContact, upsertContact, type ContactPages } from "./contactPages";

/** Every search of the contacts page lives under this key. */
export const contactPagesKey = ["contacts", "page"] as const;

interface ContactEvent {
  action: "create" | "update" | "delete" | "reload";
  contact?: ContactView;
  contactId?: number;
}

/**
 * The contacts of one search, 30 a page, kept live by `company-{id}-contact` events:
 * created and changed contacts are placed in the loaded pages, deleted ones removed, and a
 * large import ("reload") refetches.
 */
export function useContacts(search: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = [...contactPagesKey, search] as const;
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchContactsPage(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.hasMore ? all.length + 1 : undefined),
  });

  const eachSearch = (change: (data: ContactPages | undefined, search: string) => ContactPages | undefined) => {
    for (const [queryKey] of queryClient.getQueriesData<ContactPages>({ queryKey: contactPagesKey })) {
      const searched = String(queryKey[2] ?? "");
      queryClient.setQueryData<ContactPages>(queryKey, (data) => change(data, searched));
    }
  };

  useCompanyEvent<ContactEvent>("contact", (event) => {
    if (event.action === "reload") void queryClient.invalidateQueries({ queryKey: contactPagesKey });
    else if (event.action === "delete" && event.contactId) eachSearch((data) => removeContact(data, event.contactId!));
    else if (event.contact) eachSearch((data, searched) => upsertContact(data, event.contact!, searched));
  });

  const remove = useMutation({
    mutationFn: deleteContact,
    onSuccess: (_, id) => {
      eachSearch((data) => removeContact(data, id));
      toast.success(t("contacts.deleted"));
    },
  });

  const saved = (contact: ContactView) => eachSearch((data, searched) => upsertContact(data, contact, searched));

  return { query, contacts: flattenContacts(query.data), remove, saved };
}

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useSessionUser } from "../../app/authContext";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteQuickMessage, fetchQuickMessagesPage, type QuickMessageRecord } from "./quickMessagesApi";
import { matchesSearch, removeQuickMessage, replaceQuickMessage, type QuickMessagePages } from "./quickMessageList";

type QuickMessageEvent = { action: "create" | "update"; record: QuickMessageRecord } | { action: "delete"; id: number | string };

export const quickMessagePagesKey = (searchParam: string) => ["quickMessages", "page", searchParam] as const;
const ALL_PAGES = ["quickMessages", "page"] as const;

/** The page's list by pages of 20, kept live by the company's quickemessage events. */
export function useQuickMessagePages(searchParam: string) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();

  const query = useInfiniteQuery({
    queryKey: quickMessagePagesKey(searchParam),
    queryFn: ({ pageParam }) => fetchQuickMessagesPage(searchParam, pageParam, user.id),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    staleTime: 0,
  });

  /** A saved record: replaced where listed; otherwise the lists it may belong to are read again, in order. */
  const applySaved = (record: QuickMessageRecord) => {
    for (const [key, data] of queryClient.getQueriesData<QuickMessagePages>({ queryKey: ALL_PAGES })) {
      const replaced = replaceQuickMessage(data, record);
      if (replaced.found) queryClient.setQueryData(key, replaced.data);
      else if (matchesSearch(record, String(key[2] ?? ""))) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  };

  const applyDeleted = (id: number) => queryClient.setQueriesData<QuickMessagePages>({ queryKey: ALL_PAGES }, (data) => removeQuickMessage(data, id));

  useCompanyEvent<QuickMessageEvent>("quickemessage", (event) => {
    if (event.action === "delete") applyDeleted(Number(event.id));
    else if (event.record?.id) applySaved(event.record);
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteQuickMessage(id),
    onSuccess: (_, id) => {
      applyDeleted(id);
      toast.success(t("quickMessages.deleted"));
    },
  });

  return { query, applySaved, remove };
}

import { useSessionUser } from "../../app/authContext";
import { useLiveRecordPages } from "../../hooks/useLiveRecordPages";
import { deleteQuickMessage, fetchQuickMessagesPage, type QuickMessageRecord } from "./quickMessagesApi";
import { matchesSearch, removeQuickMessage, replaceQuickMessage } from "./quickMessageList";

const ALL_PAGES = ["quickMessages", "page"] as const;

/** The page's list by pages of 20, kept live by the company's quickemessage events. */
export function useQuickMessagePages(searchParam: string) {
  const user = useSessionUser();
  return useLiveRecordPages<QuickMessageRecord>({
    baseKey: ALL_PAGES,
    searchParam,
    fetchPage: (search, pageNumber) => fetchQuickMessagesPage(search, pageNumber, user.id),
    event: "quickemessage",
    deleteRecord: deleteQuickMessage,
    texts: "quickMessages",
    removeFromPages: removeQuickMessage,
    /** A saved record: replaced where listed; otherwise the lists it may belong to are read again, in order. */
    applySaved: (queryClient, key, data, record, search) => {
      const replaced = replaceQuickMessage(data, record);
      if (replaced.found) queryClient.setQueryData(key, replaced.data);
      else if (matchesSearch(record, search)) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}

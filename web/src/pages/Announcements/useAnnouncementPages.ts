import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteAnnouncement, fetchAnnouncementsPage, type AnnouncementEvent, type AnnouncementRecord, type AnnouncementsPage } from "../../api/announcements";
import { matchesAnnouncementSearch, removeAnnouncement, upsertAnnouncement, type AnnouncementPages } from "./announcementList";

export const announcementPagesKey = (searchParam: string) => ["announcements", "page", searchParam] as const;
const ALL_PAGES = ["announcements", "page"] as const;

/** The page's list by pages of 20, kept live by the `announcement` events. */
export function useAnnouncementPages(searchParam: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const query = useInfiniteQuery({
    queryKey: announcementPagesKey(searchParam),
    queryFn: ({ pageParam }): Promise<AnnouncementsPage> => fetchAnnouncementsPage(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    staleTime: 0,
  });

  /** A saved record: replaced where listed, otherwise put on top of each list it matches. */
  const applySaved = (record: AnnouncementRecord) => {
    for (const [key, data] of queryClient.getQueriesData<AnnouncementPages>({ queryKey: ALL_PAGES })) {
      queryClient.setQueryData(key, upsertAnnouncement(data, record, matchesAnnouncementSearch(record, String(key[2] ?? ""))));
    }
  };

  const applyDeleted = (id: number) => queryClient.setQueriesData<AnnouncementPages>({ queryKey: ALL_PAGES }, (data) => removeAnnouncement(data, id));

  useCompanyEvent<AnnouncementEvent>("announcement", (event) => {
    if (event.action === "delete") applyDeleted(Number(event.id));
    else if (event.record?.id) applySaved(event.record);
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteAnnouncement(id),
    onSuccess: (_, id) => {
      applyDeleted(id);
      toast.success(t("announcements.deleted"));
    },
  });

  return { query, applySaved, remove };
}

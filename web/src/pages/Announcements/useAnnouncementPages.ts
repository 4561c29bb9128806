import { useLiveRecordPages } from "../../hooks/useLiveRecordPages";
import { deleteAnnouncement, fetchAnnouncementsPage, type AnnouncementRecord } from "../../api/announcements";
import { matchesAnnouncementSearch, removeAnnouncement, upsertAnnouncement } from "./announcementList";

const ALL_PAGES = ["announcements", "page"] as const;

/** The page's list by pages of 20, kept live by the `announcement` events; a saved record is replaced where listed, otherwise put on top of each list it matches. */
export function useAnnouncementPages(searchParam: string) {
  return useLiveRecordPages<AnnouncementRecord>({
    baseKey: ALL_PAGES,
    searchParam,
    fetchPage: fetchAnnouncementsPage,
    event: "announcement",
    deleteRecord: deleteAnnouncement,
    texts: "announcements",
    removeFromPages: removeAnnouncement,
    applySaved: (queryClient, key, data, record, search) => queryClient.setQueryData(key, upsertAnnouncement(data, record, matchesAnnouncementSearch(record, search))),
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCompanyEvent } from "../../../realtime/socketContext";
import { fetchAnnouncementsPage, fetchAnnouncementsSeen, markAnnouncementsSeen, type AnnouncementEvent, type AnnouncementRecord, type AnnouncementsPage, type AnnouncementsSeen } from "../../../api/announcements";
import { feedWithout, feedWith, type AnnouncementFeed } from "./announcementFeed";

const FEED_KEY = ["announcements", "feed"] as const;
const SEEN_KEY = ["announcements", "seen"] as const;

/**
 * The top bar's active announcements and its dot. The dot is the server's answer (kept per user);
 * a live announcement turns it on, unless the popover is open, in which case it counts as seen.
 */
export function useAnnouncementsFeed(open: boolean) {
  const queryClient = useQueryClient();
  const feed = useInfiniteQuery({
    queryKey: FEED_KEY,
    queryFn: ({ pageParam }): Promise<AnnouncementsPage> => fetchAnnouncementsPage("", pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    enabled: open,
    staleTime: 30_000,
  });
  const seen = useQuery({ queryKey: SEEN_KEY, queryFn: fetchAnnouncementsSeen, staleTime: Infinity });
  const markSeen = useMutation({
    mutationFn: markAnnouncementsSeen,
    onSuccess: (state) => queryClient.setQueryData<AnnouncementsSeen>(SEEN_KEY, state),
  });

  useCompanyEvent<AnnouncementEvent>("announcement", (event) => {
    const record = event.action === "delete" ? null : event.record;
    if (!record?.status) {
      const id = record ? record.id : Number((event as { id: number | string }).id);
      queryClient.setQueryData<AnnouncementFeed>(FEED_KEY, (data) => feedWithout(data, id));
      return;
    }
    queryClient.setQueryData<AnnouncementFeed>(FEED_KEY, (data) => feedWith(data, record));
    if (open) markSeen.mutate();
    else queryClient.setQueryData<AnnouncementsSeen>(SEEN_KEY, (state) => ({ lastSeenAt: state?.lastSeenAt ?? null, unseen: true }));
  });

  // the super user's list holds inactive ones too: the popover shows the active ones only
  const records: AnnouncementRecord[] = (feed.data?.pages.flatMap((page) => page.records) ?? []).filter((r) => r.status);
  return { feed, records, unseen: seen.data?.unseen ?? false, markSeen: () => markSeen.mutate() };
}

import { useEffect } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { SchedulesPage, ScheduleView } from "@balcao/common";
import { useCompanyEvent } from "../../realtime/socketContext";
import { allSchedules, removeSchedule, upsertSchedule, type SchedulePages } from "../../api/scheduleCache";
import { deleteSchedule, fetchSchedulesPage, scheduleKeys } from "../../api/schedules";

/** The calendar shows every schedule at once: pages load one after another, up to this many. */
const MAX_PAGES = 50;

interface ScheduleEvent {
  action: "create" | "update" | "delete";
  schedule?: ScheduleView;
  scheduleId?: number;
}

/** Keeps every cached schedule list (and the open dialog's record) in step with the company's schedule events. */
export function useScheduleEvents() {
  const queryClient = useQueryClient();
  useCompanyEvent<ScheduleEvent>("schedule", (event) => {
    const lists = queryClient.getQueryCache().findAll({ queryKey: scheduleKeys.lists });
    if (event.action === "delete" && event.scheduleId) {
      const id = Number(event.scheduleId);
      for (const q of lists) queryClient.setQueryData<SchedulePages>(q.queryKey, (data) => removeSchedule(data, id));
      queryClient.removeQueries({ queryKey: scheduleKeys.one(id) });
      return;
    }
    const schedule = event.schedule;
    if (!schedule?.id) return;
    queryClient.setQueryData(scheduleKeys.one(schedule.id), schedule);
    for (const q of lists) {
      const searching = Boolean(q.queryKey[2]);
      // whether a new schedule matches a search is the server's to say
      if (searching && event.action === "create") void queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true });
      else queryClient.setQueryData<SchedulePages>(q.queryKey, (data) => upsertSchedule(data, schedule, event.action === "create"));
    }
  });
}

/** The company's schedules matching the search, every page, live. */
export function useSchedules(searchParam: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery<SchedulesPage, Error, SchedulePages, ReturnType<typeof scheduleKeys.list>, number>({
    queryKey: scheduleKeys.list(searchParam),
    queryFn: ({ pageParam }) => fetchSchedulesPage(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore && pages.length < MAX_PAGES ? pages.length + 1 : undefined),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  useScheduleEvents();

  const remove = useMutation({
    mutationFn: (id: number) => deleteSchedule(id),
    onSuccess: (_, id) => {
      for (const q of queryClient.getQueryCache().findAll({ queryKey: scheduleKeys.lists })) {
        queryClient.setQueryData<SchedulePages>(q.queryKey, (data) => removeSchedule(data, id));
      }
      toast.success(t("scheduledMessages.deleted"));
    },
  });

  return { query, schedules: allSchedules(query.data), count: query.data?.pages[0]?.count ?? 0, remove };
}

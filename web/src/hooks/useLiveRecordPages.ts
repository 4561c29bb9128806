import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { CompanyEventFamily } from "@balcao/common";
import type { Messages } from "../i18n/locales/pt";
import { useCompanyEvent } from "../realtime/socketContext";

/** One page of a list as its endpoint answers it. */
export interface RecordsPage<R> {
  records: R[];
  count: number;
  hasMore: boolean;
}

/** The loaded pages of one search of a list. */
export type RecordPages<R> = InfiniteData<RecordsPage<R>, number>;

/** What a list's company event carries. */
type RecordEvent<R> = { action: "create" | "update"; record: R } | { action: "delete"; id: number | string };

/** The areas of the messages that say a record was deleted. */
type DeletedTexts = { [K in keyof Messages]: Messages[K] extends { deleted: string } ? K : never }[keyof Messages];

interface LiveRecordPagesOptions<R extends { id: number }> {
  /** The list's key before the search, which ends it. */
  baseKey: readonly [string, string];
  searchParam: string;
  fetchPage(searchParam: string, pageNumber: number): Promise<RecordsPage<R>>;
  /** The company event that carries the list's creates, updates and deletes. */
  event: CompanyEventFamily;
  deleteRecord(id: number): Promise<unknown>;
  texts: DeletedTexts;
  removeFromPages(data: RecordPages<R> | undefined, id: number): RecordPages<R> | undefined;
  /** Brings one loaded search of the list, whose key is `key`, up to date with a saved record. */
  applySaved(queryClient: QueryClient, key: readonly unknown[], data: RecordPages<R> | undefined, record: R, search: string): void;
}

/** A page's list by pages of 20, kept live by its company event, and the delete of a record. */
export function useLiveRecordPages<R extends { id: number }>(options: LiveRecordPagesOptions<R>) {
  const { baseKey, searchParam, fetchPage, event, deleteRecord, texts, removeFromPages } = options;
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const query = useInfiniteQuery({
    queryKey: [...baseKey, searchParam],
    queryFn: ({ pageParam }) => fetchPage(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    staleTime: 0,
  });

  /** A saved record, applied to every loaded search of the list. */
  const applySaved = (record: R) => {
    for (const [key, data] of queryClient.getQueriesData<RecordPages<R>>({ queryKey: baseKey })) {
      options.applySaved(queryClient, key, data, record, String(key[2] ?? ""));
    }
  };

  const applyDeleted = (id: number) => queryClient.setQueriesData<RecordPages<R>>({ queryKey: baseKey }, (data) => removeFromPages(data, id));

  useCompanyEvent<RecordEvent<R>>(event, (payload) => {
    if (payload.action === "delete") applyDeleted(Number(payload.id));
    else if (payload.record?.id) applySaved(payload.record);
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteRecord(id),
    onSuccess: (_, id) => {
      applyDeleted(id);
      toast.success(t(`${texts}.deleted`));
    },
  });

  return { query, applySaved, remove };
}

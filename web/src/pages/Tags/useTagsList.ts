import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { queryKeys } from "../../api/queryKeys";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";
import { deleteTag, fetchTagsPage, TAGS_PAGE_KEY, tagMatches, type TagItem } from "./tagsApi";

interface TagEvent {
  action: string;
  tag?: TagItem;
  tagId?: number | string;
}

/** The company's tags, searched and paged, kept live by `company-{id}-tag`. */
export function useTagsList(search: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<TagItem>({ baseKey: TAGS_PAGE_KEY, search, fetchPage: fetchTagsPage });
  const { upsert, remove } = list;

  const save = (tag: TagItem) => upsert(tag, (keySearch) => tagMatches(tag, keySearch));

  useCompanyEvent<TagEvent>("tag", (event) => {
    if (event.action === "delete" && event.tagId) remove(Number(event.tagId));
    else if ((event.action === "create" || event.action === "update") && event.tag?.id) save(event.tag);
    // the ticket screens' tag pickers read the plain list
    void queryClient.invalidateQueries({ queryKey: queryKeys.tagList });
  });

  const removeTag = useMutation({
    mutationFn: (id: number) => deleteTag(id),
    onSuccess: (_, id) => {
      remove(id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tagList });
      toast.success(t("tags.deleted"));
    },
  });

  return { ...list, save, removeTag };
}

import { useLiveRecordPages } from "../../hooks/useLiveRecordPages";
import { deleteFileList, fetchFileListsPage, type FileListRecord } from "./fileListsApi";
import { matchesSearch, removeFileList, replaceFileList } from "./fileListList";

const ALL_PAGES = ["fileLists", "page"] as const;

/** The page's list by pages of 20, kept live by the company's `file` events. */
export function useFileListPages(searchParam: string) {
  return useLiveRecordPages<FileListRecord>({
    baseKey: ALL_PAGES,
    searchParam,
    fetchPage: fetchFileListsPage,
    event: "file",
    deleteRecord: deleteFileList,
    texts: "fileLists",
    removeFromPages: removeFileList,
    /** A saved record: replaced where listed; otherwise the lists it may belong to are read again, in order. */
    applySaved: (queryClient, key, data, record, search) => {
      const replaced = replaceFileList(data, record);
      if (replaced.found) queryClient.setQueryData(key, replaced.data);
      else if (matchesSearch(record, search)) void queryClient.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}

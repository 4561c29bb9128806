import type { ReactNode, RefObject } from "react";
import { Alert, Box, Button, CircularProgress, Typography } from "@mui/material";
import WavingHandOutlinedIcon from "@mui/icons-material/WavingHandOutlined";
import { useTranslation } from "react-i18next";

interface ConversationFrameProps {
  scroll: { scroller: RefObject<HTMLDivElement | null>; content: RefObject<HTMLDivElement | null>; onScroll(): void };
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; isFetchingNextPage: boolean; hasData: boolean; refetch(): unknown };
  isEmpty: boolean;
  texts: { loadingOlder: string; loadFailed: string; loading?: string };
  /** What an empty conversation says, under the waving hand. */
  empty: ReactNode;
  testIds: { list: string; older: string; loading: string; empty: string };
  children: ReactNode;
}

/** A conversation's scrolling area on the chat wallpaper, with its loading, failure and empty states. */
export function ConversationFrame({ scroll, query, isEmpty, texts, empty, testIds, children }: ConversationFrameProps) {
  const { t } = useTranslation();
  return (
    <Box ref={scroll.scroller} onScroll={scroll.onScroll} data-testid={testIds.list} sx={(theme) => ({ flex: 1, minHeight: 0, overflowY: "auto", py: 1, bgcolor: theme.palette.mode === "dark" ? "#0b1418" : "#efeae2" })}>
      <Box ref={scroll.content}>
        {query.isFetchingNextPage && (
          <Box sx={{ display: "flex", justifyContent: "center", alignItems: "center", gap: 1, py: 1 }} data-testid={testIds.older}>
            <CircularProgress size={16} />
            <Typography variant="caption" color="text.secondary">
              {texts.loadingOlder}
            </Typography>
          </Box>
        )}
        {query.isPending && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 6 }} data-testid={testIds.loading}>
            <CircularProgress aria-label={texts.loading} />
          </Box>
        )}
        {query.isError && !query.hasData && (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void query.refetch()}>{t("common.retry")}</Button>}>
            {texts.loadFailed}
          </Alert>
        )}
        {query.isSuccess && isEmpty && (
          <Box sx={{ textAlign: "center", py: 8, px: 2 }} data-testid={testIds.empty}>
            <WavingHandOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
            {empty}
          </Box>
        )}
        {children}
      </Box>
    </Box>
  );
}

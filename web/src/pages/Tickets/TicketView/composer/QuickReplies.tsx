import { Box, CircularProgress, List, ListItemButton, ListItemText, Paper, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../../../../app/authContext";
import { useCompanyEvent } from "../../../../realtime/socketContext";
import { fetchQuickMessages, ticketViewKeys } from "../api";
import type { QuickMessage } from "../types";
import { filterQuickReplies, quickReplyLabel } from "./composerText";

/** The user's quick replies matching the typed '/term' (fetched once the first '/x' is typed). */
export function useQuickReplies(term: string | null) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ticketViewKeys.quickMessages(user.companyId, user.id),
    queryFn: () => fetchQuickMessages(user.companyId, user.id),
    enabled: term !== null,
    staleTime: 60_000,
  });
  // a quick message saved anywhere (the quick messages page, a colleague) is offered at once
  useCompanyEvent("quickemessage", () => void queryClient.invalidateQueries({ queryKey: ticketViewKeys.quickMessages(user.companyId, user.id) }));
  return { options: term === null || !query.data ? [] : filterQuickReplies(query.data, term), loading: query.isPending && term !== null };
}

interface QuickRepliesProps {
  options: QuickMessage[];
  loading: boolean;
  highlighted: number;
  onPick(option: QuickMessage): void;
}

/** Suggestions above the input; labels are cut at 35 characters. */
export function QuickReplies({ options, loading, highlighted, onPick }: QuickRepliesProps) {
  const { t } = useTranslation();
  return (
    <Paper elevation={6} sx={{ position: "absolute", bottom: "100%", left: 8, right: 8, mb: 1, maxHeight: 300, overflowY: "auto", zIndex: 2 }} data-testid="quick-replies">
      <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: "block" }}>
        {t("ticketView.composer.quickReplies")}
      </Typography>
      {loading && (
        <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
          <CircularProgress size={20} />
        </Box>
      )}
      {!loading && options.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t("ticketView.composer.noQuickReplies")}
        </Typography>
      )}
      <List dense disablePadding>
        {options.map((option, index) => (
          <ListItemButton
            key={option.id}
            selected={index === highlighted}
            // Keep the focus in the input: picking happens on mouse down.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(option);
            }}
            data-testid="quick-reply-option"
          >
            <ListItemText primary={quickReplyLabel(option)} />
            {option.mediaPath && <AttachFileIcon fontSize="small" color="action" />}
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

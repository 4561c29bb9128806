import type { ReactNode } from "react";
import { Box, Chip, Paper, Stack, Typography, useTheme } from "@mui/material";
import { useDroppable } from "@dnd-kit/core";
import { useTranslation } from "react-i18next";
import { laneKey, type LaneId } from "./kanbanBoard";

interface KanbanLaneProps {
  lane: LaneId;
  title: string;
  color: string;
  count: number;
  children: ReactNode;
}

/** One column of the board, in its tag's colour; a card dropped here moves to this lane. */
export function KanbanLane({ lane, title, color, count, children }: KanbanLaneProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { setNodeRef, isOver } = useDroppable({ id: laneKey(lane) });
  let text = theme.palette.common.white;
  try {
    text = theme.palette.getContrastText(color);
  } catch {
    // a colour MUI cannot read keeps white text
  }
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      data-testid={`kanban-lane-${lane}`}
      aria-label={title}
      sx={{
        width: 290,
        flexShrink: 0,
        display: "flex",
        flexDirection: "column",
        bgcolor: isOver ? "action.hover" : "background.default",
        borderColor: isOver ? color : "divider",
        transition: "background-color 120ms, border-color 120ms",
      }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 1.5, py: 1, bgcolor: color, color: text, borderTopLeftRadius: 4, borderTopRightRadius: 4 }}>
        <Typography variant="subtitle2" fontWeight={700} noWrap title={title} data-testid={`kanban-lane-title-${lane}`}>
          {title}
        </Typography>
        <Chip size="small" label={count} aria-label={t("kanban.laneCount", { count })} sx={{ height: 20, bgcolor: "rgba(255,255,255,0.85)", color: "text.primary" }} data-testid={`kanban-lane-count-${lane}`} />
      </Stack>
      <Stack spacing={1} sx={{ p: 1, flex: 1, minHeight: 120, overflowY: "auto", maxHeight: "calc(100vh - 240px)" }}>
        {count === 0 ? (
          <Box sx={{ py: 3, textAlign: "center" }}>
            <Typography variant="caption" color="text.secondary">
              {t("kanban.laneEmpty")}
            </Typography>
          </Box>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}

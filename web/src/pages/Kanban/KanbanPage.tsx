import { useMemo, useState } from "react";
import { Alert, Box, Button, CircularProgress, Typography, useTheme } from "@mui/material";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { PageContainer } from "../../components/PageContainer";
import { KanbanCard, KanbanCardView } from "./KanbanCard";
import { KanbanLane } from "./KanbanLane";
import { OPEN_LANE, groupByLane, laneFromKey, laneOf, type LaneId } from "./kanbanBoard";
import { laneKeyboardCoordinates } from "./laneKeyboard";
import { useKanbanBoard } from "./useKanbanBoard";

// the lane under the pointer; with the keyboard (no pointer) the lane the card overlaps most
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

/** /kanban: tickets by kanban tag, moved between lanes by dragging (administration §2 Kanban). */
export function KanbanPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { lanes, tickets, move } = useKanbanBoard();
  const [activeId, setActiveId] = useState<number | null>(null);
  const sensors = useSensors(
    // a few pixels of travel before a drag, so the card's button still clicks
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const laneList = useMemo(() => lanes.data ?? [], [lanes.data]);
  const list = useMemo(() => tickets.data?.tickets ?? [], [tickets.data]);
  const groups = useMemo(() => groupByLane(list, laneList), [list, laneList]);
  const laneName = (lane: LaneId | null) => (lane === OPEN_LANE ? t("kanban.openLane") : (laneList.find((l) => l.id === lane)?.name ?? ""));
  const ticketOf = (id: unknown) => list.find((x) => x.id === id);
  const active = activeId === null ? undefined : ticketOf(activeId);

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t("kanban.a11y.picked", { id: a.data.current?.ticketId }),
    onDragOver: ({ over }) => (over ? t("kanban.a11y.over", { lane: laneName(laneFromKey(over.id)) }) : undefined),
    onDragEnd: ({ active: a, over }) => (over ? t("kanban.a11y.dropped", { id: a.data.current?.ticketId, lane: laneName(laneFromKey(over.id)) }) : t("kanban.a11y.cancelled", { id: a.data.current?.ticketId })),
    onDragCancel: ({ active: a }) => t("kanban.a11y.cancelled", { id: a.data.current?.ticketId }),
  };

  const onDragStart = (event: DragStartEvent) => setActiveId(Number(event.active.data.current?.ticketId) || null);
  const onDragEnd = (event: DragEndEvent) => {
    setActiveId(null);
    const ticket = ticketOf(event.active.data.current?.ticketId);
    const target = laneFromKey(event.over?.id);
    if (!ticket || target === null || target === laneOf(ticket, laneList)) return;
    move(ticket, target);
  };

  let content;
  if (lanes.isPending || tickets.isPending) {
    content = (
      <Box sx={{ py: 6, textAlign: "center" }} data-testid="kanban-loading">
        <CircularProgress aria-label={t("common.loading")} />
      </Box>
    );
  } else if (lanes.isError || tickets.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void Promise.all([lanes.refetch(), tickets.refetch()])}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("common.loadFailed")}
      </Alert>
    );
  } else {
    const columns: { lane: LaneId; title: string; color: string }[] = [
      { lane: OPEN_LANE, title: t("kanban.openLane"), color: theme.palette.grey[700] },
      ...laneList.map((l) => ({ lane: l.id, title: l.name, color: l.color })),
    ];
    content = (
      <>
        {laneList.length === 0 && (
          <Alert
            severity="info"
            sx={{ mb: 2 }}
            data-testid="kanban-no-lanes"
            action={
              <Button color="inherit" size="small" component={RouterLink} to="/tags">
                {t("kanban.goToTags")}
              </Button>
            }
          >
            {t("kanban.noLanes")}
          </Alert>
        )}
        {list.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="kanban-empty">
            {t("kanban.empty")}
          </Typography>
        )}
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActiveId(null)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t("kanban.a11y.instructions") } }}
        >
          <Box sx={{ display: "flex", alignItems: "stretch", gap: 2, overflowX: "auto", pb: 2 }} data-testid="kanban-board">
            {columns.map((c) => {
              const cards = groups.get(c.lane) ?? [];
              return (
                <KanbanLane key={String(c.lane)} lane={c.lane} title={c.title} color={c.color} count={cards.length}>
                  {cards.map((ticket) => (
                    <KanbanCard key={ticket.id} ticket={ticket} />
                  ))}
                </KanbanLane>
              );
            })}
          </Box>
          <DragOverlay>{active ? <KanbanCardView ticket={active} lifted /> : null}</DragOverlay>
        </DndContext>
      </>
    );
  }

  return (
    <PageContainer title={t("kanban.title")} subtitle={t("kanban.subtitle")} maxWidth="100%">
      <Box data-testid="kanban-page">{content}</Box>
    </PageContainer>
  );
}

import { useMemo, useState } from "react";
import { Calendar, Views, type EventProps, type Formats, type View } from "react-big-calendar";
import "react-big-calendar/lib/css/react-big-calendar.css";
import { Box, alpha, useMediaQuery, useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ScheduleStatus, ScheduleView } from "@balcao/common";
import { currentLanguage } from "../../i18n";
import { formatDateAs, formatTime } from "../../i18n/format";
import { calendarLocalizer } from "./calendarLocalizer";
import { ScheduleEvent } from "./ScheduleEvent";
import { calendarEntryOf, type CalendarEntry } from "./calendarEntry";

interface SchedulesCalendarProps {
  schedules: ScheduleView[];
  canChange(schedule: ScheduleView): boolean;
  onEdit(schedule: ScheduleView): void;
  onDelete(schedule: ScheduleView): void;
}

const VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.WORK_WEEK, Views.DAY, Views.AGENDA];
/** A phone's toolbar has room for four views. */
const PHONE_VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];
const WORKDAY_START = new Date(1970, 0, 1, 8, 0);
const sendTime = ({ start }: { start: Date }) => formatTime(start);
/** Events show their send time only (their end is layout). */
const FORMATS: Formats = { eventTimeRangeFormat: sendTime, agendaTimeRangeFormat: sendTime };
/** Weekdays abbreviated (seg., ter.…) where a column is a seventh of a phone. */
const PHONE_FORMATS: Formats = { ...FORMATS, weekdayFormat: (date: Date) => formatDateAs(date, "weekday"), dayFormat: "EEEEE dd" };
const MESSAGE_KEYS = ["date", "time", "event", "allDay", "week", "work_week", "day", "month", "previous", "next", "yesterday", "tomorrow", "today", "agenda", "noEventsInRange"] as const;

/** The schedules on a calendar: month, week, work week, day and agenda, in the user's language. */
export function SchedulesCalendar({ schedules, canChange, onEdit, onDelete }: SchedulesCalendarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const views = phone ? PHONE_VIEWS : VIEWS;
  const [chosenView, setView] = useState<View>(Views.MONTH);
  const view = views.includes(chosenView) ? chosenView : Views.WEEK;
  const [date, setDate] = useState(() => new Date());
  const language = currentLanguage();

  const messages = useMemo(() => {
    const texts: Record<string, unknown> = Object.fromEntries(MESSAGE_KEYS.map((key) => [key, t(`scheduledMessages.calendar.${key}`)]));
    texts.showMore = (count: number) => t("scheduledMessages.calendar.showMore", { count });
    return texts;
  }, [t]);

  const events = useMemo<CalendarEntry[]>(() => schedules.map(calendarEntryOf), [schedules]);

  const colors: Record<ScheduleStatus, string> = { PENDENTE: theme.palette.primary.main, ENVIADA: theme.palette.success.main, ERRO: theme.palette.error.main };
  const border = theme.palette.divider;

  return (
    <Box
      data-testid="schedules-calendar"
      sx={{
        height: { xs: 560, md: "calc(100vh - 230px)" },
        minHeight: 500,
        "& .rbc-calendar": { color: "text.primary" },
        "& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view table.rbc-agenda-table, & .rbc-header, & .rbc-day-bg + .rbc-day-bg, & .rbc-month-row + .rbc-month-row, & .rbc-time-content, & .rbc-time-header-content, & .rbc-timeslot-group, & .rbc-day-slot .rbc-time-slot, & .rbc-time-content > * + * > *, & .rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td, & .rbc-agenda-view table.rbc-agenda-table tbody > tr + tr":
          { borderColor: border },
        "& .rbc-off-range-bg": { bgcolor: alpha(theme.palette.text.primary, 0.04) },
        "& .rbc-today": { bgcolor: alpha(theme.palette.primary.main, 0.08) },
        "& .rbc-toolbar button": { color: "text.primary", borderColor: border, px: { xs: 1.25, sm: 2 } },
        "& .rbc-toolbar button.rbc-active, & .rbc-toolbar button:hover, & .rbc-toolbar button:focus": { bgcolor: alpha(theme.palette.primary.main, 0.16), color: "text.primary" },
        "& .rbc-show-more": { bgcolor: "transparent", color: "primary.main" },
        "& .rbc-toolbar": { gap: 1 },
        // a seventh of a phone holds "dom." even in a wide fallback font (no web font is bundled)
        "& .rbc-header": { px: { xs: 0.25, sm: 0.375 }, fontSize: { xs: "0.8rem", sm: "90%" } },
      }}
    >
      <Calendar<CalendarEntry>
        localizer={calendarLocalizer}
        culture={language}
        events={events}
        views={views}
        view={view}
        onView={setView}
        date={date}
        onNavigate={setDate}
        startAccessor="start"
        endAccessor="end"
        messages={messages}
        formats={phone ? PHONE_FORMATS : FORMATS}
        dayLayoutAlgorithm="no-overlap"
        popup
        onSelectEvent={(entry) => onEdit(entry.schedule)}
        scrollToTime={WORKDAY_START}
        // the agenda colours whole rows: there a dot carries the status instead
        eventPropGetter={(entry) => ({ style: view === Views.AGENDA ? {} : { backgroundColor: colors[entry.schedule.status] ?? colors.PENDENTE, border: "none" } })}
        components={{
          event: ({ event }: EventProps<CalendarEntry>) => (
            <ScheduleEvent
              schedule={event.schedule}
              statusColor={view === Views.AGENDA ? colors[event.schedule.status] : undefined}
              canChange={canChange(event.schedule)}
              compact={phone && view === Views.MONTH}
              onEdit={() => onEdit(event.schedule)}
              onDelete={() => onDelete(event.schedule)}
            />
          ),
        }}
      />
    </Box>
  );
}

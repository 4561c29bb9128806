/** Queue constants of the spec (administration §9): the default hours of a new queue and the colour palette. */

/** The seven weekdays as schedule entries name them: the Portuguese label and the English key. */
export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;
export type WeekdayEn = (typeof WEEKDAYS)[number]["weekdayEn"];
export const WEEKDAY_KEYS = WEEKDAYS.map((d) => d.weekdayEn) as readonly WeekdayEn[];

/** One weekday's hours ('HH:MM'); 00:00–00:00 means closed all day. */
export interface ScheduleEntry {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

const hoursOf = (weekdayEn: WeekdayEn): [string, string] => {
  if (weekdayEn === "saturday") return ["08:00", "12:00"];
  if (weekdayEn === "sunday") return ["00:00", "00:00"];
  return ["08:00", "18:00"];
};

/** A new queue's hours: Mon–Fri 08:00–18:00, Saturday 08:00–12:00, Sunday closed. */
export const DEFAULT_QUEUE_SCHEDULES: readonly ScheduleEntry[] = WEEKDAYS.map(({ weekday, weekdayEn }) => {
  const [startTime, endTime] = hoursOf(weekdayEn);
  return { weekday, weekdayEn, startTime, endTime };
});

/** The queue dialog's 50 preset colours: ten hues, five shades each, dark to light. */
export const QUEUE_COLOR_PALETTE = [
  "#B71C1C",
  "#D32F2F",
  "#F44336",
  "#E57373",
  "#FFCDD2",
  "#880E4F",
  "#C2185B",
  "#E91E63",
  "#F06292",
  "#F8BBD0",
  "#4A148C",
  "#7B1FA2",
  "#9C27B0",
  "#BA68C8",
  "#E1BEE7",
  "#1A237E",
  "#303F9F",
  "#3F51B5",
  "#7986CB",
  "#C5CAE9",
  "#0D47A1",
  "#1976D2",
  "#2196F3",
  "#64B5F6",
  "#BBDEFB",
  "#006064",
  "#0097A7",
  "#00BCD4",
  "#4DD0E1",
  "#B2EBF2",
  "#1B5E20",
  "#388E3C",
  "#4CAF50",
  "#81C784",
  "#C8E6C9",
  "#827717",
  "#AFB42B",
  "#CDDC39",
  "#DCE775",
  "#F0F4C3",
  "#E65100",
  "#F57C00",
  "#FF9800",
  "#FFB74D",
  "#FFE0B2",
  "#3E2723",
  "#5D4037",
  "#795548",
  "#A1887F",
  "#D7CCC8",
] as const;

import type { AnnouncementPriority } from "@balcao/common";

/** The label key of each priority (administration §9: 1 Alta, 2 Média, 3 Baixa). */
export const PRIORITY_KEY = { 1: "high", 2: "medium", 3: "low" } as const satisfies Record<AnnouncementPriority, string>;

/** The border colour of each priority in the top bar (core-workspace §3: 1 red, 2 orange, 3 grey). */
export const PRIORITY_COLOR = { 1: "error.main", 2: "warning.main", 3: "grey.500" } as const satisfies Record<AnnouncementPriority, string>;

export const priorityOf = (value: number): AnnouncementPriority => (value === 1 || value === 2 ? value : 3);

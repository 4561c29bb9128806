/** Minutes and ratings are sent with two decimals; no data reads as 0, as the original system sends it. */
export const round2 = (value: number | null | undefined) => (value === null || value === undefined || !Number.isFinite(value) ? 0 : Math.round(value * 100) / 100);

export interface CounterFigures {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
}

/** The dashboard's `counters` object; times are in minutes. */
export function presentCounters(f: CounterFigures) {
  return {
    supportHappening: f.supportHappening,
    supportPending: f.supportPending,
    supportFinished: f.supportFinished,
    leads: f.leads,
    avgSupportTime: round2(f.avgSupportTime),
    avgWaitTime: round2(f.avgWaitTime),
  };
}

export interface AttendantFigures {
  tickets: number;
  avgSupport: number | null;
  rating: number | null;
  countRating: number;
}

/** One row of the attendants' table ('Nome', 'Avaliações', 'T.M. de Atendimento', 'Status (Atual)'). */
export function presentAttendant(user: { id: number; name: string; online: boolean }, figures: AttendantFigures | undefined) {
  return {
    id: user.id,
    name: user.name,
    online: user.online,
    tickets: figures?.tickets ?? 0,
    avgSupportTime: round2(figures?.avgSupport),
    rating: round2(figures?.rating),
    countRating: figures?.countRating ?? 0,
  };
}

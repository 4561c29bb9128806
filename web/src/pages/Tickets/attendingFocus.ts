import { useState } from "react";
import { useLocation } from "react-router-dom";

/** Navigation state of a ticket just taken into service (accepted, reopened): the list shows it under 'Atendendo'. */
export const SHOW_IN_ATTENDING = { ticketList: "attending" } as const;

const asksForAttending = (state: unknown) => (state as Partial<typeof SHOW_IN_ATTENDING> | null)?.ticketList === SHOW_IN_ATTENDING.ticketList;

/** Runs `show` during render, once for each navigation that carries SHOW_IN_ATTENDING. */
export function useShowInAttending(show: () => void) {
  const location = useLocation();
  const [handled, setHandled] = useState<string | null>(null);
  if (asksForAttending(location.state) && handled !== location.key) {
    setHandled(location.key);
    show();
  }
}

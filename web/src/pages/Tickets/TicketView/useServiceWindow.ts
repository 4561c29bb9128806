import { useEffect, useState } from "react";
import type { TicketView } from "./types";
import { windowLeft } from "./serviceWindow";

/**
 * The ticket's customer-service window, read again every 30 s: `left` in ms (0 when closed), null
 * for tickets without one (other channels, or a Cloud conversation the customer has not started).
 */
export function useServiceWindow(ticket: Pick<TicketView, "serviceWindowEndsAt">) {
  const [now, setNow] = useState(() => Date.now());
  const endsAt = ticket.serviceWindowEndsAt;
  useEffect(() => {
    if (!endsAt) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  const left = windowLeft(endsAt, now);
  return { left, closed: left === 0 };
}

import { useEffect, useState } from "react";
import { DEBOUNCE_MS } from "@balcao/common";

/** The value, once it has stopped changing for `delay` ms (500 by default, the spec's debounce). */
export function useDebouncedValue<T>(value: T, delay: number = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

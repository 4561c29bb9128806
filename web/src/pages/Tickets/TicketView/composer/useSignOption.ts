import { useCallback, useState } from "react";
import { STORAGE_KEYS } from "@balcao/common";

/** Whether outgoing messages carry the sender's name; kept as signOption, on by default (spec 9). */
export function useSignOption(): [boolean, (value: boolean) => void] {
  const [sign, setSignState] = useState(() => localStorage.getItem(STORAGE_KEYS.signOption) !== "false");
  const setSign = useCallback((value: boolean) => {
    localStorage.setItem(STORAGE_KEYS.signOption, JSON.stringify(value));
    setSignState(value);
  }, []);
  return [sign, setSign];
}

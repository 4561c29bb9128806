import { useQuery } from "@tanstack/react-query";
import { fetchPrompts } from "../api/prompts";

/** The AI prompts a dialog offers, loaded while it is open; a failure leaves the select empty. */
export const usePromptOptions = (enabled: boolean) => useQuery({ queryKey: ["prompts", "options"], queryFn: fetchPrompts, enabled, meta: { silent: true } });

import { api } from "./client";
import { errorStatus } from "./errors";

export interface PromptRef {
  id: number;
  name: string;
}

/** AI prompts feed the connection and queue dialogs' selects; a server without them (404) reads as none. */
export async function fetchPrompts(): Promise<PromptRef[]> {
  try {
    const { data } = await api.get<PromptRef[] | { prompts?: PromptRef[] }>("/prompt");
    if (Array.isArray(data)) return data;
    return Array.isArray(data?.prompts) ? data.prompts : [];
  } catch (err) {
    if (errorStatus(err) === 404) return [];
    throw err;
  }
}

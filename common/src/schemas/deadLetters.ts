import { z } from "zod";
import { pageNumberField } from "./common";

/** Dead letters a page, newest first. */
export const DEAD_LETTERS_PAGE_SIZE = 20;

export const deadLettersQuery = z.object({ pageNumber: pageNumberField });

/** A customer's message a channel delivered that could not be stored, as the company's admins see it. */
export interface DeadLetterView {
  id: number;
  whatsappId: number | null;
  /** The connection's name, or null when it was deleted since. */
  whatsappName: string | null;
  channel: string;
  externalId: string;
  errorCode: string;
  errorMessage: string;
  /** What the channel delivered (file bytes as their size, secrets left out). */
  payload: unknown;
  createdAt: string;
}

export interface DeadLettersPage {
  deadLetters: DeadLetterView[];
  count: number;
  hasMore: boolean;
}

import { z } from "zod";
import { listQuery } from "./common";
import { V } from "./messages";

/** Rows per page of GET /helps. */
export const HELPS_PAGE_SIZE = 20;

export const helpsQuery = listQuery;

const optionalText = (max: number) =>
  z
    .string({ error: V.invalidValue })
    .trim()
    .max(max, V.tooLong)
    .nullish()
    .transform((v) => v ?? "");

/** POST /helps and PUT /helps/:id: a help video (title required). */
export const helpBody = z.object({
  title: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  description: optionalText(2000),
  /** The video's code on its host (a YouTube id); a whole YouTube address is reduced to its code. */
  video: optionalText(300).transform(youtubeCodeOf),
  link: optionalText(1000),
});
export type HelpBody = z.infer<typeof helpBody>;

/** The code of a YouTube address (watch?v=, youtu.be/, embed/, shorts/), or the text as given. */
export function youtubeCodeOf(value: string): string {
  const text = value.trim();
  const match = text.match(/(?:youtu\.be\/|[?&]v=|\/embed\/|\/shorts\/)([\w-]{6,20})/);
  return match ? match[1] : text;
}

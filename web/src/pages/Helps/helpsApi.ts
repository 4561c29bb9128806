import { api } from "../../api/client";

/** A help video as GET /helps/list gives it. */
export interface Help {
  id: number;
  title: string;
  description: string;
  /** The video's code on YouTube. */
  video: string;
  link: string;
}

export const helpsKey = ["helps", "list"] as const;

export async function fetchHelps(): Promise<Help[]> {
  const { data } = await api.get<Help[]>("/helps/list");
  return data;
}

/** The video's thumbnail on YouTube (may not load without internet access: the card shows a placeholder instead). */
export const thumbnailOf = (video: string) => `https://img.youtube.com/vi/${encodeURIComponent(video)}/mqdefault.jpg`;

/** The privacy-enhanced embed address of the video, playing at once. */
export const embedOf = (video: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video)}?autoplay=1&rel=0`;

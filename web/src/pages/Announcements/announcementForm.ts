import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, announcementBody, isAnnouncementMediaName, type AnnouncementBody, type AnnouncementPriority } from "@balcao/common";
import type { AnnouncementRecord } from "../../api/announcements";

export interface AnnouncementFormValues {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

/** A new announcement: priority 3 (low), active (administration §9). */
export const emptyAnnouncementForm = (): AnnouncementFormValues => ({ title: "", text: "", priority: 3, status: true });

export const toAnnouncementFormValues = ({ title, text, priority, status }: AnnouncementRecord): AnnouncementFormValues => ({ title, text, priority, status });

/** Validation by the API's own schema (title and text required), so the form and the server agree. */
export const announcementResolver = zodResolver(announcementBody) as unknown as Resolver<AnnouncementFormValues, unknown, AnnouncementBody>;

/** Why a chosen file cannot be the attachment, before it is sent: its kind or its size. */
export function attachmentProblem(file: Pick<File, "name" | "size">): "wrongType" | "tooLarge" | null {
  if (!isAnnouncementMediaName(file.name)) return "wrongType";
  if (file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) return "tooLarge";
  return null;
}

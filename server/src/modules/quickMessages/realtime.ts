import { companyEvent, rooms } from "@balcao/common";
import type { Realtime } from "../../realtime/realtime";
import type { QuickMessageRecord } from "./present";

/**
 * `company-{id}-quickemessage` (spelled as the original client listens): a shared (geral) quick
 * message goes to the whole company; a private one only to its owner, and the rest of the company
 * is told to drop it (it may have been shared until this change).
 */
export function emitQuickMessageSaved(realtime: Realtime, record: QuickMessageRecord, action: "create" | "update") {
  const { companyId } = record;
  if (record.geral) {
    realtime.toCompany(companyId, "quickemessage", { action, record });
    return;
  }
  if (record.userId !== null) realtime.toUser(companyId, record.userId, "quickemessage", { action, record });
  if (action === "create") return;
  const others = realtime.server?.to(rooms.company(companyId));
  const notOwner = record.userId !== null ? others?.except(rooms.user(companyId, record.userId)) : others;
  notOwner?.emit(companyEvent(companyId, "quickemessage"), { action: "delete", id: record.id });
}

export function emitQuickMessageDeleted(realtime: Realtime, companyId: number, id: number) {
  realtime.toCompany(companyId, "quickemessage", { action: "delete", id });
}

import { SUPER_ONLY_SETTINGS } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";
import type { settings } from "../../db/schema";
import { presentSetting } from "./present";

/** A company setting saved; a secret's value (the payment token) is never stored with the event. */
export function settingUpdated(row: typeof settings.$inferSelect, actor: Actor): NewEvent {
  const secret = SUPER_ONLY_SETTINGS.includes(row.key);
  return {
    type: "setting.updated",
    companyId: row.companyId,
    stream: `setting:${row.id}`,
    actor,
    data: secret ? { key: row.key } : { key: row.key, value: row.value },
    // as everybody but a super user sees it
    transient: { setting: presentSetting(row, false) },
  };
}

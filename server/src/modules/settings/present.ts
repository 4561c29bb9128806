import { SUPER_ONLY_SETTINGS, type SettingItem } from "@balcao/common";
import type { settings } from "../../db/schema";

type SettingRow = typeof settings.$inferSelect;

/** Super-only values (the payment token) are blanked for everybody else. */
export function presentSetting(row: SettingRow, viewerIsSuper: boolean): SettingItem {
  const hidden = SUPER_ONLY_SETTINGS.includes(row.key) && !viewerIsSuper;
  return {
    id: row.id,
    key: row.key,
    value: hidden ? "" : row.value,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

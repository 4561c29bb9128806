import { and, eq } from "drizzle-orm";
import { SUPER_ONLY_SETTINGS, type SettingItem } from "@balcao/common";
import type { Listener } from "../../events/types";
import { settings } from "../../db/schema";
import { presentSetting } from "../../modules/settings/present";
import { viewOf } from "./viewOf";

/** Company settings to its sockets (`company-{id}-settings`); a super-only one reaches the admins only, blanked. */
export const settingsRealtime: Listener = {
  name: "realtime.settings",
  accepts: (type) => type === "setting.updated",
  async handle(ctx, event) {
    const companyId = event.companyId!;
    const key = String(event.data.key);
    const setting = await viewOf<SettingItem>(event, "setting", async () => {
      const [row] = await ctx.db
        .select()
        .from(settings)
        .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
      return row ? presentSetting(row, false) : null;
    });
    if (!setting) return; // settings are never deleted: nothing to tell
    if (SUPER_ONLY_SETTINGS.includes(key)) ctx.realtime.toAdmins(companyId, "settings", { action: "update", setting: { ...setting, value: "" } });
    else ctx.realtime.toCompany(companyId, "settings", { action: "update", setting });
  },
};

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { asc, eq } from "drizzle-orm";
import { SETTING_KEYS, SUPER_ONLY_SETTINGS, settingKeyParams, settingValueSchema, updateSettingBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { settings } from "../../db/schema";
import { AppError } from "../../http/errors";
import { authorize, requireSuper } from "../../policies";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { presentSetting } from "./present";
import { settingUpdated } from "./events";
import { publicSetting, settingItem, settingList } from "./responses";

export function settingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/settings", { schema: { tags: ["settings"], response: { 200: settingList } } }, async (request) => {
      const { caller } = request;
      const rows = await ctx.db.select().from(settings).where(eq(settings.companyId, caller.companyId)).orderBy(asc(settings.key));
      return rows.map((s) => presentSetting(s, caller.super));
    });

    // The spec's login page asks, before anyone signs in, whether it may offer sign-up; no other setting is public.
    r.get("/settings/viewregister", { config: { public: true }, schema: { tags: ["settings"], response: { 200: publicSetting } } }, async () => ({ key: "viewregister", value: "enabled" }));

    r.put("/settings/:key", { schema: { params: settingKeyParams, body: updateSettingBody, tags: ["settings"], response: { 200: settingItem } } }, async (request) => {
      const { caller } = request;
      const { key } = request.params;
      authorize(caller, "settings:update");
      if (!SETTING_KEYS.includes(key)) throw new AppError("ERR_NO_SETTING_FOUND", 404);
      if (SUPER_ONLY_SETTINGS.includes(key)) requireSuper(caller);
      const parsed = settingValueSchema(key).safeParse(request.body.value);
      if (!parsed.success) {
        throw new AppError("ERR_VALIDATION", 400, { field: "value", message: `value: ${parsed.error.issues[0].message}` });
      }
      const row = await command(ctx, async (tx, events) => {
        const [saved] = await tx
          .insert(settings)
          .values({ companyId: caller.companyId, key, value: parsed.data })
          .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value: parsed.data, updatedAt: new Date() } })
          .returning();
        events.add(settingUpdated(saved, actorOf(caller)));
        return saved;
      });
      return presentSetting(row, caller.super);
    });
  };
}

import { describe, expect, it } from "vitest";
import { PLAN_FLAGS, type PlanFlag } from "@balcao/common";
import { menuTestId, visibleMenu, type MenuContext } from "./menuItems";

const allFlags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, true])) as Record<PlanFlag, boolean>;
const paths = (ctx: MenuContext) => visibleMenu(ctx).flatMap((s) => s.items.map((i) => i.path));

describe("side menu", () => {
  it("shows an attendant only the service items their plan enables", () => {
    const items = paths({ profile: "user", isSuper: false, plan: {}, campaignsFlag: true });
    expect(items).toEqual(["/tickets", "/quick-messages", "/todolist", "/contacts", "/tags", "/helps"]);
  });

  it("gates kanban, schedules and internal chat by plan flags", () => {
    const items = paths({ profile: "user", isSuper: false, plan: { useKanban: true, useSchedules: true, useInternalChat: true }, campaignsFlag: false });
    expect(items).toEqual(expect.arrayContaining(["/kanban", "/schedules", "/chats"]));
  });

  it("gives admins the dashboard and the admin section, announcements only to super users", () => {
    const admin = paths({ profile: "admin", isSuper: false, plan: {}, campaignsFlag: false });
    expect(admin[0]).toBe("/");
    expect(admin).toEqual(expect.arrayContaining(["/connections", "/files", "/queues", "/users", "/financeiro", "/settings", "/audit-logs"]));
    expect(admin).toContain("/simulator");
    expect(admin).not.toContain("/announcements");
    expect(admin).not.toContain("/prompts");
    expect(admin).not.toContain("/campaigns");
    expect(paths({ profile: "admin", isSuper: true, plan: allFlags, campaignsFlag: false })).toEqual(expect.arrayContaining(["/announcements", "/prompts", "/queue-integration", "/messages-api", "/campaigns"]));
  });

  it("gives supervisors the dashboard and the service items, but no connections, users, settings or queues", () => {
    const supervisor = paths({ profile: "supervisor", isSuper: false, plan: { useKanban: true }, campaignsFlag: true });
    expect(supervisor[0]).toBe("/");
    expect(supervisor).toEqual(expect.arrayContaining(["/reports", "/tickets", "/tags", "/kanban", "/contact-lists"]));
    for (const path of ["/connections", "/users", "/settings", "/queues", "/files", "/financeiro", "/audit-logs", "/campaigns", "/campaigns-config", "/simulator"]) expect(supervisor).not.toContain(path);
  });

  it("shows campaigns when the plan enables them or the cshow flag exists", () => {
    expect(paths({ profile: "admin", isSuper: false, plan: {}, campaignsFlag: true })).toEqual(expect.arrayContaining(["/campaigns", "/contact-lists", "/campaigns-config"]));
    expect(paths({ profile: "admin", isSuper: false, plan: { useCampaigns: true }, campaignsFlag: false })).toContain("/campaigns");
  });

  it("names the test ids after the path", () => {
    expect(menuTestId("/")).toBe("menu-dashboard");
    expect(menuTestId("/queue-integration")).toBe("menu-queue-integration");
  });
});

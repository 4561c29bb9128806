import { describe, expect, it } from "vitest";
import { PERMISSIONS, can } from "./permissions";

describe("the rule table", () => {
  it("gives admins every permission and attendants none", () => {
    for (const permission of PERMISSIONS) {
      expect(can("admin", permission)).toBe(true);
      expect(can("user", permission)).toBe(false);
    }
  });

  it("lets supervisors oversee the service but not change the setup", () => {
    for (const permission of ["dashboard:view", "reports:view", "tickets-manager:showall", "tags:kanban", "tags:manage"] as const) expect(can("supervisor", permission)).toBe(true);
    const setup = PERMISSIONS.filter((p) => p.startsWith("connections-page:") || p.startsWith("user-modal:"));
    for (const permission of [...setup, "users:manage", "settings:update", "webhooks:manage", "queues:manage", "audit-logs:view", "drawer-admin-items:view"] as const) expect(can("supervisor", permission)).toBe(false);
  });

  it("denies unknown and missing profiles", () => {
    expect(can(undefined, "dashboard:view")).toBe(false);
    expect(can("__proto__", "dashboard:view")).toBe(false);
    expect(can("constructor", "dashboard:view")).toBe(false);
  });
});

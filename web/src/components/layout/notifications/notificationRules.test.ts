import { describe, expect, it } from "vitest";
import type { Ticket } from "../../../api/tickets";
import { faviconBadgeText, isNotification, storedVolume } from "./notificationRules";

const ticket = (patch: Partial<Ticket>) => ({ id: 1, status: "open", unreadMessages: 2, userId: 7, ...patch }) as Ticket;

describe("notifications", () => {
  it("counts unread tickets of the user or of nobody, never closed or read ones", () => {
    expect(isNotification(ticket({}), 7, false)).toBe(true);
    expect(isNotification(ticket({ userId: null }), 7, false)).toBe(true);
    expect(isNotification(ticket({ userId: 9 }), 7, false)).toBe(false);
    expect(isNotification(ticket({ unreadMessages: 0 }), 7, false)).toBe(false);
    expect(isNotification(ticket({ status: "closed" }), 7, true)).toBe(false);
  });

  it("shows pending tickets only to users with allTicket enabled", () => {
    const pending = ticket({ status: "pending", userId: null });
    expect(isNotification(pending, 7, true)).toBe(true);
    expect(isNotification(pending, 7, false)).toBe(false);
  });

  it("caps the favicon badge at 99 and reads the stored volume within 0..1", () => {
    expect(faviconBadgeText(0)).toBe("");
    expect(faviconBadgeText(5)).toBe("5");
    expect(faviconBadgeText(250)).toBe("99");
    expect(storedVolume(null)).toBe(1);
    expect(storedVolume("0.3")).toBe(0.3);
    expect(storedVolume("7")).toBe(1);
    expect(storedVolume("abc")).toBe(1);
  });
});

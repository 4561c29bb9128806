import { describe, expect, it } from "vitest";
import type { Ticket } from "../../../api/tickets";
import { faviconBadgeText, isNotification, seesPendingTickets, storedVolume, titleWithCount } from "./notificationRules";

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

  it("counts pending tickets for admins and supervisors whatever allTicket says; for an attendant only with allTicket enabled", () => {
    expect(seesPendingTickets({ profile: "admin", allTicket: "desabled" })).toBe(true);
    expect(seesPendingTickets({ profile: "user", allTicket: "desabled" })).toBe(false);
    expect(seesPendingTickets({ profile: "user", allTicket: "enabled" })).toBe(true);
    expect(seesPendingTickets({ profile: "supervisor", allTicket: null })).toBe(true);
  });

  it("puts the count in front of the tab's title, capped like the favicon", () => {
    expect(titleWithCount("Balcão", 0)).toBe("Balcão");
    expect(titleWithCount("Balcão", 2)).toBe("(2) Balcão");
    expect(titleWithCount("Balcão", 120)).toBe("(99) Balcão");
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

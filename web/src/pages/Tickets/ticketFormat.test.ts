import { describe, expect, it } from "vitest";
import { formatTicketTime, shortName } from "./ticketFormat";

describe("ticket list item text", () => {
  it("shows the time for a ticket updated today and the day for older ones (Portuguese by default)", () => {
    const now = new Date(2024, 4, 10, 18, 0);
    expect(formatTicketTime(new Date(2024, 4, 10, 9, 5).toISOString(), now)).toBe("09:05");
    expect(formatTicketTime(new Date(2024, 4, 9, 23, 59).toISOString(), now)).toBe("09/05/2024");
  });

  it("cuts names to 10 characters plus an ellipsis only on narrow screens", () => {
    expect(shortName("Maria Aparecida", true)).toBe("Maria Apar…");
    expect(shortName("Maria Aparecida", false)).toBe("Maria Aparecida");
    expect(shortName("Ana", true)).toBe("Ana");
    expect(shortName("0123456789", true)).toBe("0123456789");
  });
});

import { describe, expect, it } from "vitest";
import { advanceDueDate as nextDueDate } from "./companies";

describe("a due date moved on by its recurrence (+ Vencimento, a paid invoice)", () => {
  it("moves by 1, 2, 3, 6 and 12 months", () => {
    expect(nextDueDate("2026-11-27", "MENSAL")).toBe("2026-12-27");
    expect(nextDueDate("2026-11-27", "BIMESTRAL")).toBe("2027-01-27");
    expect(nextDueDate("2026-11-27", "TRIMESTRAL")).toBe("2027-02-27");
    expect(nextDueDate("2026-11-27", "SEMESTRAL")).toBe("2027-05-27");
    expect(nextDueDate("2026-11-27", "ANUAL")).toBe("2027-11-27");
  });

  it("takes the month's last day when the day does not exist there", () => {
    expect(nextDueDate("2027-01-31", "MENSAL")).toBe("2027-02-28");
    expect(nextDueDate("2028-01-31", "MENSAL")).toBe("2028-02-29");
    expect(nextDueDate("2026-08-31", "SEMESTRAL")).toBe("2027-02-28");
  });

  it("counts an unknown or missing recurrence as monthly", () => {
    expect(nextDueDate("2026-12-15", null)).toBe("2027-01-15");
    expect(nextDueDate("2026-12-15", "SEMANAL")).toBe("2027-01-15");
  });
});

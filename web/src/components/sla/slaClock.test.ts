import { describe, expect, it } from "vitest";
import type { TicketSla } from "@balcao/common";
import { formatTimeLeft, slaState } from "./slaClock";

const NOW = Date.parse("2026-03-02T10:00:00Z");
const sla = (over: Partial<TicketSla> = {}): TicketSla => ({
  firstResponseDueAt: "2026-03-02T11:00:00.000Z",
  firstResponseMinutes: 60,
  firstResponseAt: null,
  firstResponseBreached: false,
  resolutionDueAt: "2026-03-02T14:00:00.000Z",
  resolutionMinutes: 240,
  resolutionBreached: false,
  ...over,
});

describe("formatTimeLeft", () => {
  it("writes minutes, hours and days compactly, with a minus once past due", () => {
    expect(formatTimeLeft(12)).toBe("12 min");
    expect(formatTimeLeft(0)).toBe("0 min");
    expect(formatTimeLeft(-5)).toBe("-5 min");
    expect(formatTimeLeft(60)).toBe("1 h");
    expect(formatTimeLeft(125)).toBe("2 h 5 min");
    expect(formatTimeLeft(-125)).toBe("-2 h 5 min");
    expect(formatTimeLeft(1440)).toBe("1 d");
    expect(formatTimeLeft(3 * 1440 + 4 * 60 + 30)).toBe("3 d 4 h");
  });
});

describe("slaState", () => {
  it("races the first response until someone answered, then the resolution", () => {
    expect(slaState(sla(), NOW)).toEqual({ kind: "firstResponse", dueAt: "2026-03-02T11:00:00.000Z", minutesLeft: 60, level: "ok" });
    expect(slaState(sla({ firstResponseAt: "2026-03-02T09:50:00.000Z" }), NOW)).toMatchObject({ kind: "resolution", minutesLeft: 240, level: "ok" });
    expect(slaState(sla({ firstResponseDueAt: null, firstResponseMinutes: null }), NOW)?.kind).toBe("resolution");
    expect(slaState(null, NOW)).toBeNull();
    expect(slaState(sla({ firstResponseAt: "x", resolutionDueAt: null }), NOW)).toBeNull();
  });

  it("is near with less than 20% of the target or 15 minutes left, whichever is smaller, and breached past due", () => {
    // 20% of 60 is 12 minutes
    expect(slaState(sla(), NOW + 47 * 60_000)?.level).toBe("ok");
    expect(slaState(sla(), NOW + 49 * 60_000)?.level).toBe("near");
    // 20% of 240 is 48: 15 minutes is smaller
    const answered = sla({ firstResponseAt: "2026-03-02T10:01:00.000Z" });
    expect(slaState(answered, NOW + 224 * 60_000)?.level).toBe("ok");
    expect(slaState(answered, NOW + 226 * 60_000)?.level).toBe("near");
    expect(slaState(sla(), NOW + 65 * 60_000)).toMatchObject({ level: "breached", minutesLeft: -5 });
  });
});

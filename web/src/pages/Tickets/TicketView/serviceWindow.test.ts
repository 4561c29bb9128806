import { describe, expect, it } from "vitest";
import { fillVariables, hoursAndMinutes, variableCount, windowLeft } from "./serviceWindow";

describe("the service window and templates as the screen shows them", () => {
  it("counts the time left, rounded up to the minute, and nothing once closed or without a window", () => {
    const now = Date.parse("2026-11-28T10:00:00.000Z");
    expect(windowLeft(null, now)).toBeNull();
    expect(windowLeft("2026-11-28T09:00:00.000Z", now)).toBe(0);
    const left = windowLeft("2026-11-28T13:11:30.000Z", now)!;
    expect(hoursAndMinutes(left)).toEqual({ hours: 3, minutes: 12 });
  });

  it("fills a template's {{n}} in order and leaves blank ones visible", () => {
    expect(variableCount("Oi {{1}}, pedido {{2}} e {{1}}")).toBe(2);
    expect(variableCount(undefined)).toBe(0);
    expect(fillVariables("Oi {{1}}, pedido {{ 2 }}", ["Maria", " "])).toBe("Oi Maria, pedido {{ 2 }}");
  });
});

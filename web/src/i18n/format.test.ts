import { afterAll, describe, expect, it } from "vitest";
import i18next from "i18next";
import { formatDate, formatDateAs, formatDateTime, formatTime, localeOf } from "./format";

// Intl puts a narrow no-break space before AM/PM
const plain = (text: string) => text.replace(/\u202f/g, " ");
const at = new Date(2026, 10, 3, 14, 5, 9);

describe("date formatting", () => {
  afterAll(() => i18next.changeLanguage("pt"));

  it("writes a day the language's way", () => {
    expect(formatDate("2026-11-03", "pt")).toBe("03/11/2026");
    expect(formatDate("2026-11-03", "en")).toBe("11/03/2026");
    expect(formatDate("2026-11-03", "es")).toBe("03/11/2026");
    expect(formatDate("2026-01-31T10:00:00", "pt")).toBe("31/01/2026");
    expect(formatDateAs("2026-11-23", "dayMonth", "pt")).toBe("23/11");
    expect(formatDateAs("2026-11-23", "dayMonth", "en")).toBe("11/23");
    expect(formatDateAs("2026-11-23", "weekday", "pt")).toBe("seg.");
    expect(formatDateAs("2026-11-23", "weekday", "en")).toBe("Mon");
  });

  it("writes times in 24 hours in Portuguese and Spanish, with AM/PM in English", () => {
    expect(formatTime(at, "pt")).toBe("14:05");
    expect(plain(formatTime(at, "en"))).toBe("02:05 PM");
    expect(formatDateTime(at, "pt")).toBe("03/11/2026, 14:05");
    expect(plain(formatDateTime(at, "en"))).toBe("11/03/2026, 02:05 PM");
    expect(formatDateTime(at, "es")).toBe("03/11/2026, 14:05");
    expect(formatDateAs(at, "dateTimeSeconds", "pt")).toBe("03/11/2026, 14:05:09");
    expect(formatDateAs(at, "shortDateTime", "pt")).toBe("03/11/26, 14:05");
  });

  it("follows i18next's current language, Portuguese when it has none", async () => {
    expect(localeOf(undefined)).toBe("pt-BR");
    expect(localeOf("en-GB")).toBe("en-US");
    await i18next.init({ lng: "en", resources: {} });
    expect(formatDate("2026-11-23")).toBe("11/23/2026");
    await i18next.changeLanguage("es");
    expect(formatDate("2026-11-23")).toBe("23/11/2026");
  });

  it("returns text that is not a date as it is", () => {
    expect(formatDate("soon", "pt")).toBe("soon");
    expect(formatDate(new Date(Number.NaN), "pt")).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { V } from "@balcao/common";
import { newScheduleValues, PAST, scheduleErrorKey, scheduleFailureKey, scheduleFormRules } from "./scheduleForm";
import { scheduledMessagesPt as pt } from "../../i18n/locales/scheduledMessages.pt";
import { scheduledMessagesEn as en } from "../../i18n/locales/scheduledMessages.en";
import { scheduledMessagesEs as es } from "../../i18n/locales/scheduledMessages.es";

const issues = (values: Record<string, unknown>) => {
  const result = scheduleFormRules.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("schedule form", () => {
  it("defaults to one hour from now, in the datetime-local format", () => {
    expect(newScheduleValues(7, new Date(2030, 0, 31, 23, 30))).toEqual({ body: "", contactId: 7, sendAt: "2030-02-01T00:30" });
  });

  it("applies the spec's rules: body ≥ 5, contact and time required, not in the past", () => {
    const future = newScheduleValues().sendAt;
    expect(issues({ body: "Oi", contactId: 1, sendAt: future })).toEqual({ body: V.tooShortPt });
    expect(issues({ body: "Olá, tudo bem?", contactId: null, sendAt: "" })).toEqual({ contactId: V.requiredPt, sendAt: V.requiredPt });
    expect(issues({ body: "Olá, tudo bem?", contactId: 1, sendAt: "2020-01-01T10:00" })).toEqual({ sendAt: PAST });
    expect(issues({ body: "Olá, tudo bem?", contactId: 1, sendAt: future })).toEqual({});
    expect(scheduleErrorKey(V.tooShortPt)).toBe("scheduledMessages.validation.tooShort");
    expect(scheduleErrorKey(V.requiredPt)).toBe("scheduledMessages.validation.required");
  });

  it("names why a schedule failed, in every language", () => {
    expect(scheduleFailureKey(null)).toBeUndefined();
    expect(scheduleFailureKey("ERR_SERVICE_WINDOW_CLOSED")).toBe("scheduledMessages.dialog.failure.ERR_SERVICE_WINDOW_CLOSED");
    expect(scheduleFailureKey("ERR_SOMETHING_ELSE")).toBe("scheduledMessages.dialog.failure.other");
    expect(pt.dialog.failure.ERR_SERVICE_WINDOW_CLOSED).toMatch(/^A janela de 24 horas estava fechada/);
    for (const texts of [pt, en, es]) expect(Object.keys(texts.dialog.failure).sort()).toEqual(Object.keys(pt.dialog.failure).sort());
  });
});

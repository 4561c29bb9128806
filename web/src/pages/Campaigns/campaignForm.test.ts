import { describe, expect, it } from "vitest";
import { campaignFormValues, campaignPayload, estimatedSendSeconds, NO_TAG } from "./campaignForm";
import { templateVariableCount } from "../../components/templateChoiceValues";

describe("campaignPayload", () => {
  it("sends the Cloud template with its variables, and none on another channel", () => {
    const values = { ...campaignFormValues(null), name: "Oferta", templateKey: "oferta|pt_BR", templateVariables: ["{nome}", "{numero}"] };
    expect(campaignPayload(values, true).template).toEqual({ name: "oferta", language: "pt_BR", variables: ["{nome}", "{numero}"], headerVariables: [], buttonVariables: [] });
    expect(campaignPayload(values, false).template).toBeNull();
    expect(campaignPayload({ ...values, templateKey: "" }, true).template).toBeNull();
    expect(templateVariableCount("Oi {{1}}, pedido {{ 2 }}")).toBe(2);
    expect(templateVariableCount(undefined)).toBe(0);
  });

  it("sends empty strings as null, ids as numbers and the schedule with seconds", () => {
    const values = { ...campaignFormValues(null), name: " Promo ", contactListId: "3", whatsappId: "7", scheduledAt: "2026-05-01T09:30", message1: "Olá {nome}" };
    expect(campaignPayload(values)).toMatchObject({
      name: "Promo",
      confirmation: false,
      contactListId: 3,
      whatsappId: 7,
      fileListId: null,
      tagListId: null,
      scheduledAt: "2026-05-01 09:30:00",
      message1: "Olá {nome}",
      message2: null,
      confirmationMessage1: null,
    });
  });

  it("starts a new campaign with confirmation off and no tag", () => {
    expect(campaignFormValues(null)).toMatchObject({ confirmation: "false", tagListId: NO_TAG, scheduledAt: "" });
    expect(campaignPayload({ ...campaignFormValues(null), tagListId: "4", confirmation: "true" })).toMatchObject({ tagListId: 4, confirmation: true, scheduledAt: null });
  });
});

describe("estimatedSendSeconds", () => {
  it("counts the intervals and the longer pauses between messages", () => {
    expect(estimatedSendSeconds(1, { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 })).toBe(0);
    expect(estimatedSendSeconds(3, { messageInterval: 10, longerIntervalAfter: 0, greaterInterval: 60 })).toBe(20);
    // 20 gaps: 2 of them are the longer pause
    expect(estimatedSendSeconds(21, { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 60 })).toBe(18 * 5 + 2 * 60);
  });
});

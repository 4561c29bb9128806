import { describe, expect, it } from "vitest";
import { bodyVariableCount, choiceOfTemplate, fitVariables, NO_TEMPLATE, templateOfChoice } from "./templateChoiceValues";

describe("template choice", () => {
  it("keeps one value a body variable and turns the choice into the API's template", () => {
    const template = { name: "lembrete", language: "pt_BR", status: "APPROVED", category: "UTILITY", components: [{ type: "BODY", text: "Oi {{1}}, até {{2}}" }] };
    expect(bodyVariableCount(template as never)).toBe(2);
    expect(bodyVariableCount(undefined)).toBe(0);
    expect(fitVariables(["{{name}}"], 2)).toEqual(["{{name}}", ""]);
    expect(fitVariables(["a", "b", "c"], 1)).toEqual(["a"]);
    expect(templateOfChoice({ key: "lembrete|pt_BR", variables: ["{{name}}", "amanhã"] })).toEqual({ name: "lembrete", language: "pt_BR", variables: ["{{name}}", "amanhã"], headerVariables: [], buttonVariables: [] });
    expect(templateOfChoice(NO_TEMPLATE)).toBeNull();
    expect(choiceOfTemplate({ name: "lembrete", language: "pt_BR", variables: ["x"] })).toEqual({ key: "lembrete|pt_BR", variables: ["x"] });
    expect(choiceOfTemplate(null)).toEqual(NO_TEMPLATE);
  });
});

import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, tooDeepPath } from "./jsonDepth";

const nested = (depth: number) => {
  let value: unknown = "leaf";
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

describe("tooDeepPath", () => {
  it("lets every shape a form sends through", () => {
    expect(tooDeepPath({ extraInfo: [{ name: "cpf", value: "1" }], schedules: [{ weekday: "Segunda" }] })).toBeNull();
    expect(tooDeepPath(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(tooDeepPath("text")).toBeNull();
  });

  it("names where a value nests deeper than the limit, without overflowing on far deeper ones", () => {
    expect(tooDeepPath({ ok: 1, x: nested(MAX_JSON_DEPTH + 1) })?.split(".")).toHaveLength(MAX_JSON_DEPTH);
    expect(tooDeepPath(nested(300_000))).toMatch(/^a\.0\./);
  });
});

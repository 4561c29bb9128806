import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@balcao/common";
import { en } from "./en";
import { es } from "./es";
import { pt } from "./pt";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === "string" ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`)));
}

describe("translations", () => {
  const ptKeys = leaves(pt)
    .map(([k]) => k)
    .sort();

  it.each([
    ["en", en],
    ["es", es],
  ] as const)("%s has every key of pt and no empty text", (_, messages) => {
    const entries = leaves(messages);
    expect(entries.map(([k]) => k).sort()).toEqual(ptKeys);
    expect(entries.filter(([, v]) => !v.trim())).toEqual([]);
  });

  it("translates every error code in every language", () => {
    for (const messages of [pt, en, es]) for (const code of ERROR_CODES) expect(messages.errors[code]).toBeTruthy();
  });

  it("keeps the interpolation variables of each text", () => {
    const vars = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort().join();
    const ptMap = new Map(leaves(pt));
    for (const messages of [en, es]) for (const [key, value] of leaves(messages)) expect([key, vars(value)]).toEqual([key, vars(ptMap.get(key) ?? "")]);
  });
});

import { describe, expect, it } from "vitest";
import { mentionedMembers } from "./mentions";

const members = [
  { userId: 1, name: "Ana" },
  { userId: 2, name: "Ana Souza" },
  { userId: 3, name: "João Pedro" },
];

describe("mentionedMembers", () => {
  it("finds whole names after @, any case, the longest name winning at each @", () => {
    expect(mentionedMembers("@ana souza, pode ver?", members)).toEqual([2]);
    expect(mentionedMembers("@Ana e @JOÃO PEDRO!", members).sort()).toEqual([1, 3]);
    expect(mentionedMembers("Olá @Ana.", members)).toEqual([1]);
  });

  it("ignores a name that runs on into a longer word, an @ alone and text without @", () => {
    expect(mentionedMembers("@Anabela chegou", members)).toEqual([]);
    expect(mentionedMembers("ana souza sem arroba @ ", members)).toEqual([]);
    expect(mentionedMembers("e-mail ana@empresa.com", members)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { canSend, insertMention, mentionAt, mentionCandidates, splitMentions } from "./chatText";

describe("chat text", () => {
  it("marks the mentions of members, the longest name first, and nothing else", () => {
    expect(splitMentions("oi @Ana Paula e @Beto!", ["Ana", "Ana Paula", "Beto"])).toEqual([
      { text: "oi ", mention: false },
      { text: "@Ana Paula", mention: true },
      { text: " e ", mention: false },
      { text: "@Beto", mention: true },
      { text: "!", mention: false },
    ]);
    expect(splitMentions("fale com @Carla", ["Ana"])).toEqual([{ text: "fale com @Carla", mention: false }]);
    expect(splitMentions("ana@Beto.com e @Betoven", ["Beto"])).toEqual([{ text: "ana@Beto.com e @Betoven", mention: false }]);
  });

  it("does not send blank text without a file", () => {
    expect(canSend("  \n ", null)).toBe(false);
    expect(canSend("", new File(["x"], "a.txt"))).toBe(true);
    expect(canSend(" oi ", null)).toBe(true);
  });

  it("finds the mention being typed and replaces it with the member's name", () => {
    expect(mentionAt("oi @an", 6)).toEqual({ query: "an", start: 3 });
    expect(mentionAt("@", 1)).toEqual({ query: "", start: 0 });
    expect(mentionAt("mail@x", 6)).toBeNull();
    expect(mentionAt("oi @ana depois", 14)).toBeNull();
    expect(insertMention("oi @an tudo bem", 3, 6, "Ana Paula")).toEqual({ text: "oi @Ana Paula  tudo bem", caret: 14 });
  });

  it("offers the members whose names match, accents ignored", () => {
    const members = [{ name: "João" }, { name: "Joana" }, { name: "Beto" }];
    expect(mentionCandidates(members, "jo").map((m) => m.name)).toEqual(["João", "Joana"]);
    expect(mentionCandidates(members, "joao").map((m) => m.name)).toEqual(["João"]);
  });
});

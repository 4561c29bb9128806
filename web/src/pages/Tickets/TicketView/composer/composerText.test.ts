import { describe, expect, it } from "vitest";
import { composeBody, filterQuickReplies, hasSomethingToSend, quickReplyLabel, quickReplyTerm } from "./composerText";

const q = (shortcode: string, message = "texto") => ({ id: 1, shortcode, message, mediaPath: null, mediaName: null });

describe("quick replies", () => {
  it("trigger on '/' followed by at least one character", () => {
    expect(quickReplyTerm("/")).toBeNull();
    expect(quickReplyTerm("oi /a")).toBeNull();
    expect(quickReplyTerm("/Bom")).toBe("bom");
  });

  it("filter by shortcode, prefix matches first", () => {
    expect(filterQuickReplies([q("xbom"), q("bomdia"), q("tchau")], "bom").map((r) => r.shortcode)).toEqual(["bomdia", "xbom"]);
  });

  it("cut labels at 35 characters", () => {
    expect(quickReplyLabel(q("oi", "curto"))).toBe("oi - curto");
    const long = quickReplyLabel(q("saudacao", "Olá! Seja bem-vindo ao nosso atendimento"));
    expect(long).toBe("saudacao - Olá! Seja bem-vindo ao n...");
    expect(long.length).toBe(38);
  });
});

describe("composeBody", () => {
  it("trims and refuses blank text", () => {
    expect(composeBody("  \n ", "Ana")).toBe("");
    expect(composeBody("  oi  ", null)).toBe("oi");
  });

  it("signs with the sender's name in bold on its own line", () => {
    expect(composeBody("oi", "Ana")).toBe("*Ana:*\noi");
  });
});

describe("hasSomethingToSend", () => {
  it("is false for blank text without files, so the send button stays disabled", () => {
    for (const text of ["", " ", "\n\t  \n"]) expect(hasSomethingToSend(text, 0)).toBe(false);
  });

  it("is true for text or for files with a blank caption", () => {
    expect(hasSomethingToSend(" oi ", 0)).toBe(true);
    expect(hasSomethingToSend("  ", 1)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { oneLinePreview, parseFormatting, plainText, safeHref } from "./whatsappFormat";

describe("parseFormatting", () => {
  it("keeps plain text and line breaks as one text node", () => {
    expect(parseFormatting("Olá\ncomo vai?")).toEqual([{ type: "text", text: "Olá\ncomo vai?" }]);
  });

  it("makes *asterisks* bold and ~tildes~ struck through", () => {
    expect(parseFormatting("a *negrito* e ~riscado~.")).toEqual([
      { type: "text", text: "a " },
      { type: "bold", children: [{ type: "text", text: "negrito" }] },
      { type: "text", text: " e " },
      { type: "strike", children: [{ type: "text", text: "riscado" }] },
      { type: "text", text: "." },
    ]);
  });

  it("makes _underscores_ italic and ```triple backticks``` monospace, taken literally", () => {
    expect(parseFormatting("_itálico_ e ```*não* negrito```")).toEqual([
      { type: "italic", children: [{ type: "text", text: "itálico" }] },
      { type: "text", text: " e " },
      { type: "mono", text: "*não* negrito" },
    ]);
    expect(parseFormatting("```linha 1\nlinha 2```")).toEqual([{ type: "mono", text: "linha 1\nlinha 2" }]);
  });

  it("reads a chatbot's numbered option as bold", () => {
    expect(parseFormatting("*[ 1 ]* - Vendas")).toEqual([
      { type: "bold", children: [{ type: "text", text: "[ 1 ]" }] },
      { type: "text", text: " - Vendas" },
    ]);
  });

  it("leaves underscores inside an address to the link", () => {
    expect(parseFormatting("veja https://a.io/_x_ e _isto_")).toEqual([
      { type: "text", text: "veja " },
      { type: "link", href: "https://a.io/_x_", text: "https://a.io/_x_" },
      { type: "text", text: " e " },
      { type: "italic", children: [{ type: "text", text: "isto" }] },
    ]);
  });

  it("nests strike inside bold", () => {
    expect(parseFormatting("*a ~b~ c*")).toEqual([
      {
        type: "bold",
        children: [
          { type: "text", text: "a " },
          { type: "strike", children: [{ type: "text", text: "b" }] },
          { type: "text", text: " c" },
        ],
      },
    ]);
  });

  it("reads the signature prefix as bold followed by the body", () => {
    expect(parseFormatting("*Ana:*\nOlá")).toEqual([
      { type: "bold", children: [{ type: "text", text: "Ana:" }] },
      { type: "text", text: "\nOlá" },
    ]);
  });

  it("leaves arithmetic, lone and spaced delimiters alone", () => {
    for (const text of ["2*3*4", "um * só", "* espaço *", "a*b", "~ x ~", "snake_case_name", "_ x _"]) expect(parseFormatting(text)).toEqual([{ type: "text", text }]);
  });

  it("does not let bold cross a line break", () => {
    expect(parseFormatting("*a\nb*")).toEqual([{ type: "text", text: "*a\nb*" }]);
  });

  it("turns addresses into links, leaving trailing punctuation outside", () => {
    expect(parseFormatting("veja https://exemplo.com/a?b=1. ok")).toEqual([
      { type: "text", text: "veja " },
      { type: "link", href: "https://exemplo.com/a?b=1", text: "https://exemplo.com/a?b=1" },
      { type: "text", text: ". ok" },
    ]);
    expect(parseFormatting("(www.site.com.br)")).toEqual([
      { type: "text", text: "(" },
      { type: "link", href: "https://www.site.com.br/", text: "www.site.com.br" },
      { type: "text", text: ")" },
    ]);
  });

  it("links inside bold", () => {
    expect(parseFormatting("*http://a.io*")).toEqual([{ type: "bold", children: [{ type: "link", href: "http://a.io/", text: "http://a.io" }] }]);
  });

  it("strips HTML markup to its text", () => {
    expect(parseFormatting('<b>oi</b> <img src=x onerror="alert(1)"><script>x()</script>')).toEqual([{ type: "text", text: "oi x()" }]);
  });

  it("keeps a less-than sign that is not a tag", () => {
    expect(parseFormatting("1 < 2 > 0")).toEqual([{ type: "text", text: "1 < 2 > 0" }]);
  });
});

describe("safeHref", () => {
  it("accepts http(s) only", () => {
    expect(safeHref("https://a.com")).toBe("https://a.com/");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("www.a.com")).toBe("https://www.a.com/");
  });
});

describe("plain text for previews", () => {
  it("drops the formatting marks and keeps the words", () => {
    expect(plainText("*[ 1 ]* - _Vendas_ ~velho~ ```cod```")).toBe("[ 1 ] - Vendas velho cod");
    expect(plainText("2*3*4 e snake_case")).toBe("2*3*4 e snake_case");
  });

  it("makes one line of a menu for a ticket list or a notification", () => {
    expect(oneLinePreview("*Escolha:*\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte")).toBe("Escolha: [ 1 ] - Vendas [ 2 ] - Suporte");
    expect(oneLinePreview(null)).toBe("");
    expect(oneLinePreview("  \n ")).toBe("");
  });
});

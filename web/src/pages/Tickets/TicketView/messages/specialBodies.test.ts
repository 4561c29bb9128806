import { describe, expect, it } from "vitest";
import { parseLocation, parseVcard } from "./specialBodies";

describe("parseLocation", () => {
  it("splits image, link and description", () => {
    expect(parseLocation("https://maps.example/img.png|https://maps.google.com/?q=1,2|Praça da Sé, São Paulo")).toEqual({
      imageUrl: "https://maps.example/img.png",
      link: "https://maps.google.com/?q=1,2",
      description: "Praça da Sé, São Paulo",
    });
  });

  it("accepts an inline image and no description", () => {
    expect(parseLocation("data:image/png;base64,AAAA|https://m.io/x")).toEqual({ imageUrl: "data:image/png;base64,AAAA", link: "https://m.io/x", description: "" });
  });

  it("drops unsafe links", () => {
    expect(parseLocation("javascript:x|javascript:alert(1)|d")).toEqual({ imageUrl: null, link: null, description: "d" });
  });
});

describe("parseVcard", () => {
  it("reads the name and numbers", () => {
    const card = "BEGIN:VCARD\nVERSION:3.0\nN:Silva;Ana;;;\nFN:Ana Silva\nitem1.TEL;waid=5511988887777:+55 11 98888-7777\nTEL;TYPE=CELL:+55 (21) 3333-4444\nEND:VCARD";
    expect(parseVcard(card)).toEqual({ name: "Ana Silva", numbers: ["5511988887777", "+552133334444"] });
  });

  it("falls back to N when FN is missing", () => {
    expect(parseVcard("BEGIN:VCARD\r\nN:Souza;João\r\nEND:VCARD")).toEqual({ name: "João Souza", numbers: [] });
  });
});

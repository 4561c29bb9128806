import { describe, expect, it } from "vitest";
import { fillTemplateVariables, greetingForHour } from "./templateVariables";
import { youtubeCodeOf } from "./schemas/helps";
import { quickMessageBody } from "./schemas/quickMessages";

describe("fillTemplateVariables", () => {
  it("fills every variable of the spec from the contact, the ticket and the clock", () => {
    const now = new Date(2024, 2, 5, 9, 7, 3);
    const text = "{{ms}}, {{firstName}}! ({{name}}) Protocolo {{protocol}} às {{hora}}. {{outra}}";
    expect(fillTemplateVariables(text, { contactName: "  Carla  Souza ", ticketId: 42, now })).toBe("Bom dia, Carla! (Carla  Souza) Protocolo 2024030509070342 às 09:07:03. {{outra}}");
  });

  it("greets by the hour", () => {
    expect([3, 6, 12, 18, 23].map(greetingForHour)).toEqual(["Boa madrugada", "Bom dia", "Boa tarde", "Boa noite", "Boa noite"]);
  });
});

describe("help and quick message schemas", () => {
  it("keeps a YouTube address's code and a bare code as it is", () => {
    expect(youtubeCodeOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1")).toBe("dQw4w9WgXcQ");
    expect(youtubeCodeOf("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeCodeOf("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeCodeOf(" dQw4w9WgXcQ ")).toBe("dQw4w9WgXcQ");
  });

  it("requires the quick message's shortcode with 'Obrigatório' and reads switches in their usual forms", () => {
    const missing = quickMessageBody.safeParse({ message: "x" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ["shortcode"], message: "Obrigatório" });
    expect(quickMessageBody.parse({ shortcode: " oi ", geral: "true", status: "disabled" })).toMatchObject({ shortcode: "oi", message: "", geral: true, status: false });
  });
});

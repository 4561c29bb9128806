import { describe, expect, it } from "vitest";
import type { SandboxMessage } from "../../api/sandbox";
import { freeName, isValidNumber, mediaKind, mergeMessages, mimeOf, needingAck, newExternalId, onlyDigits, parseLocation } from "./simulatorUtils";

const msg = (id: string, over: Partial<SandboxMessage> = {}): SandboxMessage => ({
  id,
  number: "5511999990001",
  direction: "out",
  body: id,
  mediaType: null,
  mediaName: null,
  ack: 1,
  createdAt: `2025-01-01T00:00:0${id.slice(-1)}.000Z`,
  ...over,
});

describe("simulator helpers", () => {
  it("keeps numbers as 8 to 20 digits", () => {
    expect(onlyDigits("+55 (11) 99999-0001")).toBe("5511999990001");
    expect(isValidNumber("1234567")).toBe(false);
    expect(isValidNumber("12345678")).toBe(true);
    expect(onlyDigits("1".repeat(30))).toHaveLength(20);
  });

  it("reads location bodies", () => {
    expect(parseLocation("|https://maps.google.com/maps?q=1%2C2&z=17|Casa")).toEqual({ imageUrl: "", link: "https://maps.google.com/maps?q=1%2C2&z=17", description: "Casa" });
    expect(parseLocation("just text")).toBeNull();
    expect(parseLocation("a|b")).toBeNull();
  });

  it("tells media kinds apart", () => {
    expect(mediaKind({ mediaType: "image", mediaName: "a.png" })).toBe("image");
    expect(mediaKind({ mediaType: "locationMessage", mediaName: null })).toBe("location");
    expect(mediaKind({ mediaType: "application", mediaName: "a.pdf" })).toBe("document");
    expect(mediaKind({ mediaType: null, mediaName: null })).toBeNull();
  });

  it("merges messages by id in time order", () => {
    const merged = mergeMessages([msg("m1"), msg("m3")], [msg("m2"), msg("m1", { ack: 3 })]);
    expect(merged.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(merged[0].ack).toBe(3);
  });

  it("finds the attendant messages still to acknowledge", () => {
    const list = [msg("m1", { ack: 3 }), msg("m2", { ack: 1 }), msg("m3", { direction: "in", ack: 2 }), msg("m4", { ack: 2, deleted: true })];
    expect(needingAck(list, 3).map((m) => m.id)).toEqual(["m2"]);
    expect(needingAck(list, 2).map((m) => m.id)).toEqual(["m2"]);
  });

  it("guesses missing MIME types and names new connections", () => {
    expect(mimeOf({ type: "", name: "x.PDF" })).toBe("application/pdf");
    expect(mimeOf({ type: "image/png", name: "x" })).toBe("image/png");
    expect(freeName("Sandbox", ["Loja"])).toBe("Sandbox");
    expect(freeName("Sandbox", ["sandbox", "Sandbox 2"])).toBe("Sandbox 3");
  });

  it("makes distinct message ids", () => {
    const a = newExternalId();
    expect(a).toMatch(/^SIMIN[0-9A-F]{20}$/);
    expect(newExternalId()).not.toBe(a);
  });
});

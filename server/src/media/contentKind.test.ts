import { describe, expect, it } from "vitest";
import { FILE_LIST_MEDIA_EXTENSIONS } from "@balcao/common";
import { contentKindOf, imageKindOf } from "./contentKind";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const all = FILE_LIST_MEDIA_EXTENSIONS;

describe("contentKindOf", () => {
  it("answers the kind when the name's extension and the bytes agree", () => {
    expect(contentKindOf(PNG, "Foto.PNG", all)).toEqual({ mimetype: "image/png", mediaType: "image" });
    expect(contentKindOf(JPEG, "foto.jpeg", all)).toEqual({ mimetype: "image/jpeg", mediaType: "image" });
    expect(contentKindOf(Buffer.from("GIF89a...."), "a.gif", all)?.mimetype).toBe("image/gif");
    expect(contentKindOf(Buffer.from("RIFF\0\0\0\0WEBPVP8 "), "a.webp", all)?.mimetype).toBe("image/webp");
    expect(contentKindOf(Buffer.from("RIFF\0\0\0\0WAVEfmt "), "a.wav", all)).toEqual({ mimetype: "audio/wav", mediaType: "audio" });
    expect(contentKindOf(Buffer.from("ID3\u0004\0\0"), "a.mp3", all)?.mediaType).toBe("audio");
    expect(contentKindOf(Buffer.from([0xff, 0xfb, 0x90, 0x00]), "a.mp3", all)?.mimetype).toBe("audio/mpeg");
    expect(contentKindOf(Buffer.from("\0\0\0\u0018ftypM4A "), "a.m4a", all)).toEqual({ mimetype: "audio/mp4", mediaType: "audio" });
    expect(contentKindOf(Buffer.from("\0\0\0\u0018ftypisom"), "a.mp4", all)).toEqual({ mimetype: "video/mp4", mediaType: "video" });
    expect(contentKindOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1]), "a.webm", all)?.mediaType).toBe("video");
    expect(contentKindOf(Buffer.from("%PDF-1.7"), "a.pdf", all)).toEqual({ mimetype: "application/pdf", mediaType: "document" });
    expect(contentKindOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), "a.xls", all)?.mimetype).toBe("application/vnd.ms-excel");
    expect(contentKindOf(Buffer.from("nome;número\nAna;1\n"), "a.csv", all)?.mimetype).toBe("text/csv");
  });

  it("refuses what the bytes deny, what is not allowed, and empty files", () => {
    expect(contentKindOf(JPEG, "foto.png", all)).toBeNull();
    expect(contentKindOf(PNG, "tabela.pdf", all)).toBeNull();
    expect(contentKindOf(Buffer.from("<html>"), "a.html", all)).toBeNull();
    expect(contentKindOf(Buffer.from("MZ\u0090\0"), "a.exe", all)).toBeNull();
    expect(contentKindOf(Buffer.from("a\0b"), "a.txt", all)).toBeNull();
    expect(contentKindOf(Buffer.from([0xc3, 0x28]), "a.txt", all)).toBeNull();
    expect(contentKindOf(Buffer.alloc(0), "a.pdf", all)).toBeNull();
    expect(contentKindOf(PNG, "a.png", [".jpg"])).toBeNull();
    expect(contentKindOf(PNG, "png", all)).toBeNull();
  });
});

describe("imageKindOf", () => {
  it("reads PNG and JPEG by their first bytes, whatever the name", () => {
    expect(imageKindOf(PNG)).toBe("png");
    expect(imageKindOf(JPEG)).toBe("jpeg");
    expect(imageKindOf(Buffer.from("GIF89a"))).toBeNull();
  });
});

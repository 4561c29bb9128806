import fc from "fast-check";
import { hostileText } from "./hostileValues";

export interface RawBody {
  contentType?: string;
  body: string | Buffer;
}

const B = "hostileBoundary";
const field = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, filename: string, data: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${data}\r\n`;

/** Field names the upload routes read, and others. */
const fieldName = fc.constantFrom("body", "number", "quotedMsgId", "typeArch", "file", "medias", "__proto__", "constructor", "");

/** A well-formed form whose fields and file names are hostile. */
export const hostileForm: fc.Arbitrary<RawBody> = fc
  .array(
    fc.oneof(
      fc.tuple(fieldName, hostileText).map(([name, value]) => field(name, value)),
      fc.tuple(fieldName, fc.oneof(hostileText, fc.constantFrom("a.png", "../../a.png", "a.csv", "a\u0000.png")), fc.string({ maxLength: 50 })).map(([name, filename, data]) => file(name, filename, data)),
    ),
    { maxLength: 12 },
  )
  .map((parts) => ({ contentType: `multipart/form-data; boundary=${B}`, body: `${parts.join("")}--${B}--\r\n` }));

/** Forms busboy cannot read: no boundary, one it cannot search for, a body cut short, headers missing. */
export const brokenForm: fc.Arbitrary<RawBody> = fc
  .tuple(fc.constantFrom(`multipart/form-data; boundary=${B}`, "multipart/form-data", "multipart/form-data; boundary=", `multipart/form-data; boundary=${"b".repeat(300)}`), fc.nat(200))
  .map(([contentType, cut]) => {
    const whole = `${field("body", "oi")}${file("medias", "a.png", "PNGDATA".repeat(20))}--${B}--\r\n`;
    return { contentType, body: whole.slice(0, Math.max(0, whole.length - cut)) };
  });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64").toString("latin1");

/** A form as the upload routes expect it, so requests reach past the envelope. */
export const cleanForm: fc.Arbitrary<RawBody> = fc.tuple(fc.constantFrom("file", "medias"), fc.constantFrom("foto.png", "planilha.csv"), fc.boolean()).map(([name, filename, caption]) => {
  const data = filename.endsWith(".csv") ? "nome,numero\nAna,5511999990000\n" : PNG;
  const fields = caption ? field("body", "legenda") + field("number", "5511987654321") + field("typeArch", "quickMessage") : "";
  return { contentType: `multipart/form-data; boundary=${B}`, body: Buffer.from(`${fields}${file(name, filename, data)}--${B}--\r\n`, "latin1") };
});

/** Bodies under content types the routes do not read, or none at all. */
const strangeBody = fc.oneof(
  fc.constantFrom<RawBody>(
    { contentType: "application/json", body: "" },
    { contentType: "application/json", body: "{" },
    { contentType: "application/json", body: '{"a":1}{"b":2}' },
    { contentType: "application/json; charset=utf-16", body: '{"a":1}' },
    { contentType: "application/x-www-form-urlencoded", body: "body=a%00b&number=1" },
    { contentType: "text/plain", body: `--${B}\r\n` },
    { contentType: "application/xml", body: "<a/>" },
    { body: "no content type" },
  ),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ contentType: "application/octet-stream", body: Buffer.from(bytes) })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ contentType: "application/json", body: Buffer.from(bytes) })),
);

/** A body no schema describes: a form, a broken form, or something else entirely. */
export const hostileRawBody: fc.Arbitrary<RawBody> = fc.oneof(hostileForm, brokenForm, strangeBody);

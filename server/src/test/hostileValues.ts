import fc from "fast-check";

/** JSON text written as it stands in a body (nesting deeper than the test's own stack could serialize). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** An object as a list of entries: keys such as `__proto__` stay plain keys, and a key may repeat. */
export class Entries {
  constructor(readonly pairs: Array<[string, unknown]>) {}
}

/** JSON text of a value built from plain values, RawJson and Entries. */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof Entries) return `{${value.pairs.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value !== null && typeof value === "object") return toJson(new Entries(Object.entries(value)));
  return JSON.stringify(value) ?? "null";
}

/** Percent-encoding that also writes lone surrogates (as the bytes a careless client would send). */
export function encodeHostile(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += `%ED%${(0xa0 | ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    else out += encodeURIComponent(char);
  }
  return out;
}

const MB = 1024 * 1024;

/** Texts that broke servers before: NUL, lone surrogates, prototype names, numbers in disguise, paths, markup. */
const nastyTexts = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\udbff\udfff",
  "💥",
  "Ａ\u200b\u202e",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "-0",
  "1.5",
  "1e309",
  "2147483648",
  "99999999999999999999",
  "0x10",
  "١٢",
  "true",
  "[]",
  "{}",
  "' or 1=1 --",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "${7*7}",
  "\\",
  '"',
  "2024-99-99",
  "2024-02-30",
  "0000-00-00",
  "9999-12-31T23:59:60Z",
  "#ff0000",
  "00:00",
  "24:60",
];

/** Mostly texts a database cannot store as they are (NUL, lone surrogates), in the middle of ordinary text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom("\u0000", "\ud800", "\udc00", "\u0000\ud800"), fc.string({ maxLength: 8 })).map(([a, bad, b]) => `ab${a}${bad}${b}cd`) },
  { weight: 3, arbitrary: fc.constantFrom(...nastyTexts) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constant("x".repeat(10_000)) },
);

/** Days that look right and are not: each part out of range, or a day the month does not have. */
export const impossibleDay = fc.constantFrom("2024-99-99", "2024-02-30", "2023-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "0000-00-00", "2024-02-30T10:00", "+275760-09-13");

/** Texts of a megabyte: one just under the body limit reaches validation, one over it must be refused before. */
export const hugeTexts = fc.constantFrom("y".repeat(MB - 4096), "é".repeat(MB / 2 + 10));

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53), Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileKey = fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "", "\u0000", "toString", "valueOf", "then", "a.b", "$where"), fc.string({ maxLength: 8 }));

/** Nesting far deeper than any form, as arrays or objects. */
const deepNesting = fc.constantFrom(1_000, 100_000).chain((depth) => fc.constantFrom(new RawJson("[".repeat(depth) + "]".repeat(depth)), new RawJson('{"a":'.repeat(depth / 10) + "1" + "}".repeat(depth / 10))));

const prototypeTraps = fc.constantFrom(
  new RawJson('{"__proto__":{"isAdmin":true,"profile":"admin","companyId":1}}'),
  new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
  new Entries([["__proto__", { polluted: true }]]),
);

const scalar = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));

/** Any JSON value a hostile client could send, keys and nesting included. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 2, arbitrary: fc.array(fc.tuple(hostileKey, scalar), { maxLength: 4 }).map((pairs) => new Entries(pairs)) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: prototypeTraps },
  { weight: 1, arbitrary: hugeTexts },
);

/** A hostile value for a query string: one text, or the key repeated. */
export const hostileQueryValue: fc.Arbitrary<string | string[]> = fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: fc.array(hostileText, { minLength: 2, maxLength: 3 }) });

/** Entries a hostile client adds to an object: prototype names, or a key repeated with another value. */
export const hostileExtraEntries = (keys: string[]) => fc.array(fc.tuple(keys.length ? fc.oneof(hostileKey, fc.constantFrom(...keys)) : hostileKey, hostileJson), { maxLength: 2 });

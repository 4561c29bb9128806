import type { FastifyInstance } from "fastify";
import { V } from "@balcao/common";
import { AppError } from "./errors";
import { isChannelInput } from "./channelInput";

const NUL = "\u0000";

/** A key as it is named in a field path (its NUL written out, so the path stays printable). */
const keyName = (key: string) => key.replaceAll(NUL, "\\u0000");

/** The dotted path of the first string (a value or a key) holding a NUL, `""` for the root itself, or null. */
export function nulPath(value: unknown): string | null {
  // a loop, not recursion: a deeply nested body must not overflow the stack
  const pending: Array<[unknown, string]> = [[value, ""]];
  while (pending.length) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      if (item.includes(NUL)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], path ? `${path}.${i}` : String(i)]);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item).reverse()) {
        const childPath = path ? `${path}.${keyName(key)}` : keyName(key);
        if (key.includes(NUL)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

export const nulError = (field: string) => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: ${V.invalidValue}` });

/** Throws the validation error naming `field` when `text` holds a NUL. */
export function assertNoNul(field: string, text: string | undefined | null) {
  if (text?.includes(NUL)) throw nulError(field);
}

/** PostgreSQL cannot store U+0000 in text or jsonb: every request naming one is refused before a route reads it. */
export function registerNulGuard(api: FastifyInstance) {
  api.addHook("preValidation", async (request) => {
    // a channel's delivery of customers' text is made storable, never refused (http/channelInput.ts)
    if (isChannelInput(request)) return;
    const parts = [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const;
    for (const [where, value] of parts) {
      const path = nulPath(value);
      if (path !== null) throw nulError(path || where);
    }
  });
}

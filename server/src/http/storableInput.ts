import type { FastifyInstance } from "fastify";
import { V } from "@balcao/common";
import { UNSTORABLE } from "../channels/storableText";
import { AppError } from "./errors";
import { isChannelInput } from "./channelInput";
import { tooDeepPath } from "./jsonDepth";

/** A key as it is named in a field path, its unstorable characters written as escapes so the path stays printable. */
const keyName = (key: string) => (UNSTORABLE.test(key) ? JSON.stringify(key).slice(1, -1) : key);

/** The dotted path of the first string (a value or a key) PostgreSQL could not store, `""` for the root itself, or null. */
export function unstorablePath(value: unknown): string | null {
  // a loop, not recursion: a deeply nested body must not overflow the stack
  const pending: Array<[unknown, string]> = [[value, ""]];
  while (pending.length) {
    const [item, path] = pending.pop()!;
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], path ? `${path}.${i}` : String(i)]);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item).reverse()) {
        const childPath = path ? `${path}.${keyName(key)}` : keyName(key);
        if (UNSTORABLE.test(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

export const unstorableError = (field: string) => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: ${V.invalidValue}` });

/** Throws the validation error naming `field` when `text` could not be stored. */
export function assertStorable(field: string, text: string | undefined | null) {
  if (text && UNSTORABLE.test(text)) throw unstorableError(field);
}

/**
 * PostgreSQL refuses U+0000 in text and jsonb, and a lone surrogate in jsonb: every request
 * carrying one is refused before a route reads it, rather than failing halfway as a 500.
 * So is a body nested deeper than any form, which a route could not even print.
 */
export function registerStorableInputGuard(api: FastifyInstance) {
  api.addHook("preValidation", async (request) => {
    // a channel's delivery of customers' text is made storable, never refused (http/channelInput.ts)
    if (isChannelInput(request)) return;
    const parts = [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ] as const;
    for (const [where, value] of parts) {
      const path = tooDeepPath(value) ?? unstorablePath(value);
      if (path !== null) throw unstorableError(path || where);
    }
  });
}

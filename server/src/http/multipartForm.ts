import type { FastifyRequest } from "fastify";
import type { Multipart } from "@fastify/multipart";
import { AppError } from "./errors";
import { assertStorable } from "./storableInput";

export type FormOptions = Parameters<FastifyRequest["parts"]>[0];

const unreadable = () => new AppError("ERR_VALIDATION", 400, { field: "body", message: "body: The form could not be read" });

/** The parts of the form, their text (field values, file names) held to the same rule as JSON input. */
async function* checkedParts(request: FastifyRequest, options?: FormOptions): AsyncGenerator<Multipart> {
  for await (const part of request.parts(options)) {
    try {
      assertStorable(part.fieldname, part.fieldname);
      assertStorable(part.fieldname, part.type === "file" ? part.filename : typeof part.value === "string" ? part.value : "");
    } catch (err) {
      if (part.type === "file") part.file.resume(); // drain it: the reply goes out once the request is read
      throw err;
    }
    yield part;
  }
}

/**
 * Reads a multipart request with `read`. Busboy reports a form without a boundary, or cut short,
 * as a plain Error; that is the caller's mistake (400), not the server's.
 */
export async function readForm<T>(request: FastifyRequest, read: (parts: AsyncIterable<Multipart>) => Promise<T>, options?: FormOptions): Promise<T> {
  try {
    return await read(checkedParts(request, options));
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: unknown }).statusCode;
    // the multipart plugin's own errors (limits, prototype names, a premature close) already say 4xx
    if (typeof status === "number" && status >= 400 && status < 500) throw err;
    throw unreadable();
  }
}

import { z } from "zod";

/**
 * Building blocks of the declared response schemas. They describe what a route answers for the
 * API documentation and, under test, are checked against every answer (./serializer.ts); they never
 * strip or reshape a production answer. Objects are loose: a documented object may carry more keys.
 */

/** A moment: a Date before serialisation, an ISO 8601 string on the wire. */
export const timestamp = z.union([z.date(), z.iso.datetime({ offset: true })]);
/** A calendar date or a moment kept as text by the original system ("2026-11-28", "2026-11-28 10:00"). */
export const dateText = z.union([z.date(), z.string()]);

export const id = z.number().int();

/** A loose object: the listed keys are documented, others may follow. */
export const object = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

/** `{ message }`, the original's answer to deletions and other acknowledgements. */
export const messageAnswer = object({ message: z.string() });

/** A page of a list, under the key the spec names (`tickets`, `contacts`, …), with `count` and `hasMore`. */
export const page = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.looseObject({ [key]: z.array(item), count: z.number().int(), hasMore: z.boolean() } as { [P in K]: z.ZodArray<T> } & { count: z.ZodNumber; hasMore: z.ZodBoolean });

/** A file: bytes with their content type (media, exports, attachments). */
export const file = z.any().meta({ description: "The file's bytes, with its content type.", type: "string", format: "binary" });

/** Every failure: `{ error: "ERR_…" }`, with the field for a validation error. */
export const errorAnswer = object({
  error: z.string().meta({ description: "An ERR_… code the client translates." }),
  field: z.string().optional().meta({ description: "The request field that failed validation." }),
  message: z.string().optional(),
});

/**
 * A JSON text the database built in the declared `shape`, typed as that shape for the route's handler.
 * Fastify sends a string as it is (no serialiser runs, nor the check under test), so the text must
 * already be the shape's JSON: its tests parse it against the shape.
 */
export const jsonText = <S extends z.ZodType>(_shape: S, text: string) => text as unknown as z.output<S>;

/**
 * A loose object like `object`, typed for the handler without an index signature, so that a value
 * typed by a TypeScript interface (which has none) fits. Extra keys still pass and are documented as allowed.
 */
export const looseEntity = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape) as unknown as z.ZodObject<T, z.core.$strip>;

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness";

type Operation = { responses?: Record<string, unknown> };

describe("the API's declared answers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("declare a successful answer on every documented route", async () => {
    const doc = (await (await fetch(`${t.url}/api-docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const undocumented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !Object.keys(operation.responses ?? {}).some((status) => /^[23]/.test(status)))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undocumented).toEqual([]);
  });

  it("declare the `{ error }` answer of failures on every route", async () => {
    const doc = (await (await fetch(`${t.url}/api-docs/json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const operation = doc.paths["/tags/{id}"].get;
    expect(Object.keys(operation.responses ?? {})).toEqual(expect.arrayContaining(["400", "401", "403", "404"]));
  });

  it("refuse, under test, an answer its schema does not describe", async () => {
    const { ResponseShapeError, responseSerializerCompiler } = await import("./serializer");
    const { object } = await import("./shapes");
    const { z } = await import("zod");
    const serialize = responseSerializerCompiler(true)({ schema: object({ id: z.number() }), method: "GET", url: "/x", httpStatus: "200" });
    expect(serialize({ id: 1, extra: "kept" })).toBe('{"id":1,"extra":"kept"}');
    expect(() => serialize({ id: "1" })).toThrow(ResponseShapeError);
    // production writes the answer as built, unchecked
    expect(responseSerializerCompiler(false)({ schema: object({ id: z.number() }), method: "GET", url: "/x", httpStatus: "200" })({ id: "1" })).toBe('{"id":"1"}');
  });
});

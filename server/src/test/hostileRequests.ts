import fc from "fast-check";
import { SETTING_KEYS } from "@balcao/common";
import { brokenForm, cleanForm, hostileForm, hostileRawBody } from "./hostileBodies";
import { Entries, encodeHostile, hostileExtraEntries, hostileJson, hostileNumber, hostileQueryValue, hostileText, hugeTexts, impossibleDay, toJson } from "./hostileValues";

/** The part of JSON Schema (OpenAPI 3.1, draft 2020-12) the routes' generated schemas use. */
export interface Schema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

interface Param {
  name: string;
  schema: Schema;
}

export interface Route {
  method: string;
  path: string;
  params: Param[];
  query: Param[];
  /** The JSON body's schema; routes without one (uploads, webhooks) get raw bodies. */
  body?: Schema;
}

export interface HostileRequest {
  method: string;
  url: string;
  token?: string;
  contentType?: string;
  body?: string | Buffer;
}

export interface Pools {
  /** Ids for a field or path (`contactId`, `/contacts/{id}`): mostly the caller's records of that kind, some of the other company's, some no record has. */
  ids(hint: string): fc.Arbitrary<number>;
  tokens(route: Route): fc.Arbitrary<string | undefined>;
  /** Ids a route must not be driven with, or it would destroy the fixture the other routes need. */
  spared(route: Route, param: string): number[];
}

type Operation = { parameters?: Array<{ in: string; name: string; schema?: Schema }>; requestBody?: { content?: Record<string, { schema?: Schema }> } };

/** Every route of the app's OpenAPI document. */
export function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const params = (op.parameters ?? []).map((p) => ({ in: p.in, name: p.name, schema: p.schema ?? {} }));
      return {
        method: method.toUpperCase(),
        path,
        params: params.filter((p) => p.in === "path"),
        query: params.filter((p) => p.in === "query"),
        body: op.requestBody?.content?.["application/json"]?.schema,
      };
    }),
  );
}

const DAYS = ["2024-02-29", "2024-01-01", new Date().toISOString().slice(0, 10)];
const DATE_TIMES = ["2031-05-20T14:30", new Date(Date.now() + 86_400_000).toISOString()];

const isDateName = (name: string) => /date|At$|^initial|^final/i.test(name);
const isIdName = (name: string) => /^id$|Ids?$/.test(name);
/** Days for filters, date-times for the moments a record is due. */
const datesFor = (name: string) => fc.constantFrom(...(/At$/.test(name) && name !== "updatedAt" ? DATE_TIMES : DAYS));

/** A text the field would accept, guessed from its schema and name, so requests reach past validation. */
function plausibleText(schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  if (schema.format === "email" || /email/i.test(name)) return fc.stringMatching(/^[a-z][a-z0-9]{2,9}$/).map((user) => `${user}@example.com`);
  if (schema.format === "uuid" || name === "uuid") return fc.uuid();
  if (isDateName(name) || schema.pattern?.includes("\\d{4}")) return datesFor(name);
  if (schema.pattern?.includes(":[0-5]")) return fc.constantFrom("08:00", "18:30");
  if (/color/i.test(name)) return fc.constantFrom("#3366ff", "#ff0000");
  if (/number|phone/i.test(name)) return fc.constantFrom("5511987654321", "(11) 98765-4321");
  if (/password/i.test(name)) return fc.constantFrom("secret1", "admin-test-pass");
  if (name === "key") return fc.constantFrom(...SETTING_KEYS, "unknownKey");
  if (isIdName(name)) return pools.ids(name).map(String);
  const minLength = Math.max(5, Math.min(schema.minLength ?? 0, 40));
  return fc.string({ unit: "grapheme-ascii", minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 30, 60)) });
}

function plausibleNumber(schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  if (isIdName(name)) return pools.ids(name);
  const min = Math.max(schema.minimum ?? 0, -1e6);
  const max = Math.max(min, Math.min(schema.maximum ?? 100, 1e6));
  return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
}

/** A value the schema describes, ids taken from the pools: requests built of these reach past validation. */
function plausible(schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (schema.const !== undefined) arb = fc.constant(schema.const);
  else if (schema.enum?.length) arb = fc.constantFrom(...schema.enum);
  else if (alternatives?.length) arb = fc.oneof(...alternatives.map((s) => plausible(s, name, pools)));
  else if (schema.type === "object" || schema.properties) arb = plausibleObject(schema, pools);
  else if (schema.type === "array") arb = fc.array(plausible(schema.items ?? {}, name, pools), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
  else if (schema.type === "integer" || schema.type === "number") arb = plausibleNumber(schema, name, pools);
  else if (schema.type === "boolean") arb = fc.boolean();
  else if (schema.type === "string") arb = plausibleText(schema, name, pools);
  else arb = fc.constant(undefined);
  return schema.nullable ? fc.option(arb, { nil: null, freq: 6 }) : arb;
}

function plausibleObject(schema: Schema, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  // an optional field is sent one time in three: with all of them, one is nearly always refused
  const members = Object.fromEntries(
    Object.entries(props).map(([key, s]) => [key, required.has(key) ? plausible(s, key, pools) : fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: plausible(s, key, pools) })]),
  );
  return fc.record(members).map((values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
}

/** A hostile value of the type the schema asks for: the kind that passes a type check and reaches the database. */
function sameTypeHostile(schema: Schema, name: string): fc.Arbitrary<unknown> {
  const type = schema.type ?? (schema.anyOf ?? schema.oneOf)?.[0]?.type;
  if (type === "string" && isDateName(name)) return fc.oneof(impossibleDay, hostileText);
  if (type === "string") return fc.oneof({ weight: 12, arbitrary: hostileText }, { weight: 1, arbitrary: hugeTexts });
  if (type === "integer" || type === "number") return hostileNumber;
  return hostileJson;
}

/** A plausible value with exactly one hostile part, so the hostile part reaches as deep as it can. */
function spiced(schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  if (props.length) {
    const oneBad = fc.constantFrom(...props).chain(([key, s]) => spiced(s, key, pools).map((bad) => [key, bad] as [string, unknown]));
    const extra = fc.oneof({ weight: 5, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: hostileExtraEntries(props.map(([k]) => k)) });
    const object = fc.tuple(plausibleObject(schema, pools), oneBad, extra).map(([clean, [key, bad], more]) => new Entries([...Object.entries(clean).filter(([k]) => k !== key), [key, bad], ...more]));
    return fc.oneof({ weight: 8, arbitrary: object }, { weight: 1, arbitrary: plausibleObject({ ...schema, required: [] }, pools) }, { weight: 1, arbitrary: hostileJson });
  }
  if (schema.type === "array") {
    return fc.oneof(
      fc.tuple(fc.array(plausible(schema.items ?? {}, name, pools), { maxLength: 2 }), spiced(schema.items ?? {}, name, pools)).map(([clean, bad]) => [...clean, bad]),
      hostileJson,
    );
  }
  return fc.oneof({ weight: 4, arbitrary: sameTypeHostile(schema, name) }, { weight: 1, arbitrary: hostileJson });
}

type Part = readonly [string, string | string[] | undefined];

function pathParams(route: Route, pools: Pools, spicedAt?: number): fc.Arbitrary<Part[]> {
  return fc.tuple(
    ...route.params.map((p, i) => {
      const spared = route.method === "GET" ? [] : pools.spared(route, p.name);
      const plain = isIdName(p.name) ? pools.ids(p.name === "id" ? route.path : p.name).map(String) : plausible(p.schema, p.name, pools).map(String);
      const value = i === spicedAt ? fc.oneof(hostileText, hostileNumber.map(String)) : plain;
      return value.filter((v) => !spared.includes(Number(v))).map((v) => [p.name, v] as Part);
    }),
  );
}

function queryParts(route: Route, pools: Pools, spicedAt?: number): fc.Arbitrary<Part[]> {
  return fc.tuple(
    ...route.query.map((p, i) => {
      if (i === spicedAt) return fc.oneof(isDateName(p.name) ? impossibleDay : hostileQueryValue, hostileQueryValue, hostileNumber.map(String)).map((v) => [p.name, v] as Part);
      return fc.option(plausible(p.schema, p.name, pools), { freq: 3, nil: undefined }).map((v) => [p.name, v === undefined ? undefined : String(v)] as Part);
    }),
  );
}

const prototypeQuery = fc.tuple(fc.constantFrom("__proto__", "constructor", "hasOwnProperty", "\u0000", "a[b]"), hostileQueryValue).map((part) => [part as Part]);

const queryText = (parts: Part[]) => parts.flatMap(([key, value]) => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => `${encodeHostile(key)}=${encodeHostile(v)}`))).join("&");

type Body = Pick<HostileRequest, "contentType" | "body">;
const json = (value: unknown): Body => ({ contentType: "application/json", body: toJson(value) });

function cleanBody(route: Route, pools: Pools): fc.Arbitrary<Body> {
  if (route.method === "GET" || (route.method === "DELETE" && !route.body)) return fc.constant({});
  return route.body ? plausible(route.body, "body", pools).map(json) : cleanForm;
}

/** Requests to one route, driven from its schemas: plausible ones, ones with one hostile part, and wild bodies. */
export function hostileRequests(route: Route, pools: Pools): fc.Arbitrary<HostileRequest> {
  const shape = (params: fc.Arbitrary<Part[]>, query: fc.Arbitrary<Part[]>, body: fc.Arbitrary<Body>) => fc.record({ params, query, body });
  const clean = shape(pathParams(route, pools), queryParts(route, pools), cleanBody(route, pools));
  // one hostile part per request, each part as likely as the fields it holds
  const spicedOnes = [
    ...route.params.map((_, i) => ({ weight: 1, arbitrary: shape(pathParams(route, pools, i), queryParts(route, pools), cleanBody(route, pools)) })),
    ...route.query.map((_, i) => ({ weight: 1, arbitrary: shape(pathParams(route, pools), queryParts(route, pools, i), cleanBody(route, pools)) })),
    {
      weight: 1,
      arbitrary: shape(
        pathParams(route, pools),
        fc.tuple(queryParts(route, pools), prototypeQuery).map(([a, b]) => [...a, ...b]),
        cleanBody(route, pools),
      ),
    },
    ...(route.method === "GET"
      ? []
      : [
          {
            weight: Math.max(2, Object.keys(route.body?.properties ?? {}).length),
            arbitrary: shape(pathParams(route, pools), queryParts(route, pools), route.body ? spiced(route.body, "body", pools).map(json) : fc.oneof(hostileForm, brokenForm)),
          },
        ]),
  ];
  const wild = shape(pathParams(route, pools), fc.constant([]), route.method === "GET" ? fc.constant({}) : fc.oneof(hostileJson.map(json), hostileRawBody));
  const request = fc.oneof({ weight: 1, arbitrary: clean }, { weight: 8, arbitrary: fc.oneof(...spicedOnes) }, { weight: 1, arbitrary: wild });
  return fc.record({ request, token: pools.tokens(route) }).map(({ request: { params, query, body }, token }) => {
    const path = params.reduce((url, [name, value]) => url.replace(`{${name}}`, encodeHostile(String(value))), route.path);
    const search = queryText(query);
    return { method: route.method, url: search ? `${path}?${search}` : path, token, ...body };
  });
}

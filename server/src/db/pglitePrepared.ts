/**
 * Prepared statements on PGlite. Its API runs every parameterized statement unnamed, so parsed
 * and planned again on every call: the inbound statement spent 4.7 ms of its 5.9 planning
 * (bench/README, Conclusions: "ticket locks in id order, PGlite's prepared statements"). Here
 * a statement is PREPAREd once per database under its name and then EXECUTEd with each value
 * turned into text by PGlite's own serializer for that parameter's type (as `query` would bind
 * it) and written as a string literal, which PostgreSQL reads with the type's input function as
 * it reads a bound value. Prepared statements belong to the session, not to a transaction, so
 * the one PGlite connection keeps them. PGlite's public API binds values to the unnamed statement
 * only (its execProtocol would bind to a named one but runs outside the transaction lock).
 */

type Serializer = ((value: unknown) => unknown) | undefined;

interface Client {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  describeQuery(text: string): Promise<{ queryParams: { serializer?: Serializer }[] }>;
}

const preparedOf = new WeakMap<Client, Map<string, Promise<Serializer[]>>>();

/** Marks a PGlite database (not a transaction of it) as one whose statements may be prepared. */
export function allowPrepared(client: Client) {
  preparedOf.set(client, new Map());
}

/** Without a NUL, which no statement can hold, or half a surrogate pair, which PGlite's protocol writer miscounts. */
const writable = (text: string) => !text.includes("\0") && (text as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * A text as an SQL string literal, by the rule of PostgreSQL's quote_literal: quotes and
 * backslashes doubled inside E'…', which reads the same whatever standard_conforming_strings
 * says. Undefined for a text that no statement's text can carry as it is (`writable`).
 */
export function quoteLiteral(text: string): string | undefined {
  if (!writable(text)) return undefined;
  return `E'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** A value as PGlite would bind it, as a literal; undefined when its text is unwritable (the unnamed statement then answers as itself). */
function literal(value: unknown, serialize: Serializer, n: number): string | undefined {
  if (value === null || value === undefined) return "null";
  const text = serialize ? serialize(value) : String(value);
  // PGlite's own query throws on such a value midway through its messages and answers wrongly after
  if (typeof text !== "string") throw new TypeError(`Parameter $${n} takes no ${typeof value} of this shape`);
  return quoteLiteral(text);
}

/** Runs a named statement prepared, when `client` allows it and its values have literals; otherwise answers undefined. */
export async function runPrepared(client: unknown, name: string, text: string, values: unknown[]) {
  const prepared = preparedOf.get(client as Client);
  if (!prepared || !/^[a-z_][a-z0-9_]*$/.test(name)) return undefined;
  const db = client as Client;
  let ready = prepared.get(name);
  if (!ready) {
    ready = db.describeQuery(text).then(async ({ queryParams }) => {
      await db.query(`prepare ${name} as ${text}`);
      return queryParams.map((p) => p.serializer);
    });
    prepared.set(name, ready);
    // a statement that cannot be prepared is tried again next time (and fails as itself now)
    ready.catch(() => prepared.delete(name));
  }
  const serializers = await ready;
  const literals = values.map((value, i) => literal(value, serializers[i], i + 1));
  if (literals.some((l) => l === undefined)) return undefined;
  return db.query(literals.length ? `execute ${name}(${literals.join(", ")})` : `execute ${name}`);
}

/**
 * Prepared statements on PGlite. Its API runs every parameterized statement unnamed, so parsed
 * and planned again on every call: the inbound statement spent 4.7 ms of its 5.9 planning
 * (bench/README, "… (2026-11-25): ticket locks in id order, PGlite's prepared statements"). Here
 * a statement is PREPAREd once per database under its name and
 * then EXECUTEd with its values written as literals, which PostgreSQL casts to the parameters'
 * types as it would bound values. Prepared statements belong to the session, not to a
 * transaction, so the one PGlite connection keeps them.
 */

interface Client {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const preparedOf = new WeakMap<Client, Map<string, Promise<unknown>>>();

/** Marks a PGlite database (not a transaction of it) as one whose statements may be prepared. */
export function allowPrepared(client: Client) {
  preparedOf.set(client, new Map());
}

/**
 * A value as an SQL literal, or undefined when it has no safe one here: a text with a NUL, which
 * a statement's text cannot hold (the unnamed statement then answers PostgreSQL's own error).
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === "bigint") return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : Array.isArray(value) ? arrayText(value) : undefined;
  if (text === undefined || text.includes("\0")) return undefined;
  // an escape string literal reads the same whatever standard_conforming_strings says
  return `E'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** An array of numbers or texts as PostgreSQL's array text (`{1,2}`, `{"a","b"}`), which the parameter's cast reads. */
function arrayText(items: unknown[]): string | undefined {
  const elements: string[] = [];
  for (const item of items) {
    if (item === null) elements.push("NULL");
    else if (typeof item === "number" && Number.isFinite(item)) elements.push(String(item));
    else if (typeof item === "string") elements.push(`"${item.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
    else return undefined;
  }
  return `{${elements.join(",")}}`;
}

/** Runs a named statement prepared, when `client` allows it and its values have literals; otherwise answers undefined. */
export async function runPrepared(client: unknown, name: string, text: string, values: unknown[]) {
  const prepared = preparedOf.get(client as Client);
  if (!prepared || !/^[a-z_][a-z0-9_]*$/.test(name)) return undefined;
  const literals = values.map(literal);
  if (literals.some((l) => l === undefined)) return undefined;
  const db = client as Client;
  let ready = prepared.get(name);
  if (!ready) {
    ready = db.query(`prepare ${name} as ${text}`);
    prepared.set(name, ready);
    // a statement that cannot be prepared is tried again next time (and fails as itself now)
    ready.catch(() => prepared.delete(name));
  }
  await ready;
  return db.query(literals.length ? `execute ${name}(${literals.join(", ")})` : `execute ${name}`);
}

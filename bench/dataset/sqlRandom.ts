/**
 * Deterministic "random" numbers in SQL: a hash of the row's position, so a dataset of a given
 * size is the same on every build and on both databases (PostgreSQL and PGlite).
 */

/** A float in [0, 1) from an integer SQL expression and a salt naming what is drawn. */
export const rnd = (expr: string, salt: number) => `((hashint8((${expr})::int8 * 7919 + ${salt}) & 2147483647)::float8 / 2147483648.0)`;

/** An integer in [0, n) (n is an SQL expression). */
export const pick = (expr: string, salt: number, n: string | number) => `(floor(${rnd(expr, salt)} * (${n}))::int)`;

/** One element of a text[] literal. */
export const element = (array: string, expr: string, salt: number, length: number) => `(${array})[1 + ${pick(expr, salt, length)}]`;

export const SALT = {
  contactFirst: 11,
  contactLast: 12,
  contactAge: 13,
  status: 21,
  queue: 22,
  user: 23,
  unread: 24,
  messageCount: 25,
  updated: 26,
  lifetime: 27,
  noQueue: 28,
  body: 31,
  media: 32,
  mediaKind: 33,
  tagged: 41,
  tag: 42,
  started: 51,
  rated: 52,
  rate: 53,
  attendantFirst: 61,
  attendantLast: 62,
} as const;

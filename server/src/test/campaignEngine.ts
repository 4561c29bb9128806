import { expect } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { signUpCompany, type TestApp } from "./harness";
import { pairedSandbox } from "./conversation";
import { campaigns, sandboxMessages } from "../db/schema";
import type { AppContext } from "../context";
import type { CampaignClock } from "../automation/campaigns/clock";

/** A clock that never waits: each pause moves it on and is recorded. */
export function fakeClock(start = Date.now()) {
  let now = start;
  const sleeps: number[] = [];
  const clock: CampaignClock & { sleeps: number[]; advance(ms: number): void } = {
    sleeps,
    now: () => new Date(now),
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms) => (now += ms),
  };
  return clock;
}

let seq = 0;
export const newNumber = () => `55419${String(Date.now()).slice(-5)}${String(seq++).padStart(3, "0")}`;
export const HOUR = 3_600_000;
export const NO_PAUSE = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] };

export type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** A company with a paired sandbox connection, its campaign settings, and a list of `contactsCount` contacts. */
export async function setUp(
  t: TestApp,
  contactsCount: number,
  settings: Record<string, unknown> = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 60, variables: [{ key: "loja", value: "Padaria Central" }] },
) {
  const a = await signUpCompany(t.http);
  const wa = await pairedSandbox(t.http, a.token);
  expect((await t.http.post("/campaign-settings", { settings }, a.token)).status).toBe(200);
  const list = (await t.http.post("/contact-lists", { name: "Clientes" }, a.token)).body as { id: number };
  const numbers: string[] = [];
  for (let i = 0; i < contactsCount; i++) {
    const number = newNumber();
    numbers.push(number);
    const res = await t.http.post("/contact-list-items", { name: `Cliente ${i + 1}`, number, email: `c${i + 1}@example.com`, contactListId: list.id }, a.token);
    expect(res.status).toBe(201);
  }
  return { a, wa, list, numbers };
}

export async function campaign(t: TestApp, a: Company, over: Record<string, unknown>) {
  const res = await t.http.post("/campaigns", { name: "Promoção", message1: "Olá {nome}, oferta da {loja} para {numero}!", scheduledAt: new Date(Date.now() + 2 * HOUR).toISOString(), ...over }, a.token);
  if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; status: string };
}

/** What the customers' phones got from this connection, in order. */
export const phones = (ctx: AppContext, whatsappId: number) =>
  ctx.db
    .select({ number: sandboxMessages.number, body: sandboxMessages.body, mediaName: sandboxMessages.mediaName })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.whatsappId, whatsappId), eq(sandboxMessages.direction, "out")))
    .orderBy(asc(sandboxMessages.id));

export const statusOf = async (ctx: AppContext, id: number) => (await ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];

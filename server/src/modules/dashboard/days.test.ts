import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { companies, contacts, tickets, ticketTrackings } from "../../db/schema";
import { round2 } from "./present";
import { periodFigures, splitIntoDays } from "./service";

/*
 * The dashboard reads whole days from totals kept by triggers (dashboard_days) and the partial days
 * at a period's ends from the cycles. Checked here: the kept totals equal the cycles' after every
 * kind of change, and the figures of periods cut anywhere equal those computed from the cycles and contacts alone.
 */

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let people: number[];
const HOUR = 3_600_000;
const base = Date.UTC(2025, 2, 10); // 10 March 2025, midnight UTC

/** Deterministic "random" numbers, so a failure repeats. */
let seed = 7;
const rnd = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  people = [a.user.id];
  for (const name of ["Ana", "Bruno"]) people.push((await createAttendant(t, a.token, { name })).id);
});
afterAll(async () => t?.close());

const SUMS = "sum(finished)::int as f, sum(talked)::int as tk, sum(talk_us)::text as tu, sum(rated)::int as r, sum(rate_sum)::int as rs, sum(waited)::int as w, sum(wait_us)::text as wu, sum(leads)::int as l";
const NONZERO = "sum(finished) <> 0 or sum(talked) <> 0 or sum(talk_us) <> 0 or sum(rated) <> 0 or sum(rate_sum) <> 0 or sum(waited) <> 0 or sum(wait_us) <> 0 or sum(leads) <> 0";

/** The kept daily totals and the same totals computed again from the cycles and contacts (zero rows left out). */
async function keptAndRecomputed(companyId: number) {
  const db = t.built.ctx.database;
  const kept = await db.query(`select day::text, coalesce(user_id, 0) as u, ${SUMS} from dashboard_days where company_id = $1 group by 1, 2 having ${NONZERO} order by 1, 2`, [companyId]);
  const real = await db.query(
    `select day::text, u, ${SUMS} from (
       select d.day, coalesce(d.user_id, 0) as u, d.finished, d.talked, d.talk_us, d.rated, d.rate_sum, d.waited, d.wait_us, 0 as leads
         from ticket_trackings c, dashboard_days_of(c, 1) d where c.company_id = $1
       union all
       select k.day, 0, 0, 0, 0, 0, 0, 0, 0, k.leads from contacts c, dashboard_days_of_contact(c, 1) k where c.company_id = $1) x
     group by 1, 2 having ${NONZERO} order by 1, 2`,
    [companyId],
  );
  return { kept, real };
}

async function expectKeptRight(companyId = a.company.id) {
  const { kept, real } = await keptAndRecomputed(companyId);
  expect(kept).toEqual(real);
}

/** A ticket with one cycle queued at `queuedAt`, nobody on it yet. */
async function queued(queuedAt: Date) {
  const contact = await insertContact(t, a.company.id);
  const ticket = await insertTicket(t, a.company.id, contact.id, { status: "pending" });
  const [cycle] = await t.built.ctx.db.insert(ticketTrackings).values({ companyId: a.company.id, ticketId: ticket.id, queuedAt }).returning();
  return cycle;
}

/** The figures of a period computed from the cycles and contacts alone, as the dashboard presents them. */
async function fromCycles(from: Date, to: Date) {
  const db = t.built.ctx.database;
  const finished = `from ticket_trackings where company_id = $1 and finished_at >= $2 and finished_at < $3`;
  const minutes = (end: string, start: string) => `extract(epoch from ${end} - ${start}) / 60`;
  const [total] = await db.query<{ n: number; talk: number | null }>(`select count(*)::int as n, avg(${minutes("finished_at", "started_at")})::float8 as talk ${finished}`, [a.company.id, from, to]);
  const [wait] = await db.query<{ avg: number | null }>(
    `select avg(${minutes("started_at", "queued_at")})::float8 as avg from ticket_trackings where company_id = $1 and started_at >= $2 and started_at < $3 and started_at > queued_at`,
    [a.company.id, from, to],
  );
  const perUser = await db.query<{ u: number; n: number; talk: number | null; rating: number | null; rated: number }>(
    `select user_id as u, count(*)::int as n, avg(${minutes("finished_at", "started_at")})::float8 as talk, avg(rate)::float8 as rating, count(rate)::int as rated ${finished} and user_id is not null group by 1`,
    [a.company.id, from, to],
  );
  const [leads] = await db.query<{ n: number }>(`select count(*)::int as n from contacts where company_id = $1 and created_at >= $2 and created_at < $3 and not is_group`, [a.company.id, from, to]);
  return {
    leads: leads.n,
    finished: total.n,
    avgSupportTime: round2(total.talk),
    avgWaitTime: round2(wait.avg),
    attendants: people.map((id) => {
      const row = perUser.find((r) => r.u === id);
      return { id, tickets: row?.n ?? 0, avgSupportTime: round2(row?.talk), rating: round2(row?.rating), countRating: row?.rated ?? 0 };
    }),
  };
}

describe("the dashboard's daily totals (dashboard_days)", () => {
  it("split a period into whole UTC days and the partial days at its ends", () => {
    const at = (h: number) => new Date(base + h * HOUR);
    expect(splitIntoDays({ from: at(5), to: at(24 * 3 + 2) })).toEqual({ from: base + 5 * HOUR, to: base + 74 * HOUR, firstDay: base + 24 * HOUR, endDay: base + 72 * HOUR });
    // within one day: no whole day, everything from the cycles
    expect(splitIntoDays({ from: at(5), to: at(20) })).toMatchObject({ firstDay: base + 20 * HOUR, endDay: base + 20 * HOUR });
    expect(splitIntoDays({ from: at(0), to: at(48) })).toMatchObject({ firstDay: base, endDay: base + 48 * HOUR });
    expect(splitIntoDays({})).toEqual({ from: -Infinity, to: Infinity, firstDay: -Infinity, endDay: Infinity });
  });

  it("follow cycles and contacts through every kind of change, and match them for any period", async () => {
    const cycles = [];
    for (let i = 0; i < 60; i++) cycles.push(await queued(new Date(base + rnd(6 * 24 * 60) * 60_000)));
    await expectKeptRight();

    // started by an attendant after a wait (some opened by the attendant: no wait)
    for (const c of cycles.slice(0, 45)) {
      const startedAt = new Date(c.queuedAt.getTime() + (c.id % 5 === 0 ? 0 : rnd(300) * 60_000));
      await t.built.ctx.db
        .update(ticketTrackings)
        .set({ startedAt, userId: people[rnd(3)] })
        .where(eq(ticketTrackings.id, c.id));
    }
    await expectKeptRight();

    // finished, some closed while still pending, some across midnight; rated or not
    for (const c of cycles.slice(5, 55)) {
      const [row] = await t.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.id, c.id));
      const finishedAt = new Date((row.startedAt ?? row.queuedAt).getTime() + rnd(20 * 60) * 60_000);
      await t.built.ctx.db
        .update(ticketTrackings)
        .set({ finishedAt, rate: rnd(4) || null })
        .where(eq(ticketTrackings.id, c.id));
    }
    await expectKeptRight();

    // transferred to someone else, rated late, started again at another time
    for (const c of cycles.slice(10, 20))
      await t.built.ctx.db
        .update(ticketTrackings)
        .set({ userId: people[(people.indexOf(c.userId ?? 0) + 1) % 3] })
        .where(eq(ticketTrackings.id, c.id));
    await t.built.ctx.db
      .update(ticketTrackings)
      .set({ rate: 3 })
      .where(
        inArray(
          ticketTrackings.id,
          cycles.slice(20, 25).map((c) => c.id),
        ),
      );
    await t.built.ctx.db
      .update(ticketTrackings)
      .set({ startedAt: new Date(base + 30 * HOUR) })
      .where(eq(ticketTrackings.id, cycles[30].id));
    await expectKeptRight();

    // contacts: new ones through the week (groups are no leads), one deleted, one turned into a group, one moved in time
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await insertContact(t, a.company.id, { createdAt: new Date(base + rnd(7 * 24 * 60) * 60_000), isGroup: i % 6 === 0 }));
    await t.built.ctx.db.delete(contacts).where(eq(contacts.id, made[1].id));
    await t.built.ctx.db.update(contacts).set({ isGroup: true }).where(eq(contacts.id, made[2].id));
    await t.built.ctx.db
      .update(contacts)
      .set({ createdAt: new Date(base + 50 * HOUR) })
      .where(eq(contacts.id, made[3].id));
    await expectKeptRight();

    // two changes to one cycle in one transaction, applied at commit in order
    const late = cycles[56];
    await t.built.ctx.db.transaction(async (tx) => {
      await tx
        .update(ticketTrackings)
        .set({ startedAt: new Date(late.queuedAt.getTime() + 60_000), userId: people[1] })
        .where(eq(ticketTrackings.id, late.id));
      await tx
        .update(ticketTrackings)
        .set({ finishedAt: new Date(late.queuedAt.getTime() + 50 * 60_000), rate: 2 })
        .where(eq(ticketTrackings.id, late.id));
    });
    // a ticket's deletion takes its cycles
    await t.built.ctx.db.delete(tickets).where(
      and(
        eq(tickets.companyId, a.company.id),
        inArray(
          tickets.id,
          cycles.slice(0, 8).map((c) => c.ticketId),
        ),
      ),
    );
    // many cycles of one attendant finished at once, each in its own transaction
    await Promise.all(
      cycles.slice(45, 52).map((c) =>
        t.built.ctx.db
          .update(ticketTrackings)
          .set({ userId: people[2], finishedAt: new Date(base + 5 * 24 * HOUR + c.id * 1000) })
          .where(eq(ticketTrackings.id, c.id)),
      ),
    );
    await expectKeptRight();

    // periods cut at any minute, within a day or across several, open on one side or not at all
    const periods: [number, number][] = [
      [-Infinity, Infinity],
      [base, base + 3 * 24 * HOUR],
      [base + 90 * 60_000, base + 2 * HOUR],
      [base + 13 * HOUR + 7 * 60_000, base + 4 * 24 * HOUR + 17 * 60_000],
      [base + 36 * HOUR, Infinity],
      [-Infinity, base + 50 * HOUR + 30 * 60_000],
    ];
    for (let i = 0; i < 6; i++) {
      const from = base + rnd(7 * 24 * 60) * 60_000;
      periods.push([from, from + rnd(4 * 24 * 60) * 60_000]);
    }
    for (const [from, to] of periods) {
      const period = { from: Number.isFinite(from) ? new Date(from) : undefined, to: Number.isFinite(to) ? new Date(to) : undefined };
      const shown = await periodFigures(t.built.ctx, a.company.id, period);
      const expected = await fromCycles(new Date(Number.isFinite(from) ? from : 0), new Date(Number.isFinite(to) ? to : Date.UTC(2100, 0, 1)));
      const { leads, supportFinished, avgSupportTime, avgWaitTime } = shown.counters;
      expect({ from, to, leads, finished: supportFinished, avgSupportTime, avgWaitTime }).toEqual({
        from,
        to,
        leads: expected.leads,
        finished: expected.finished,
        avgSupportTime: expected.avgSupportTime,
        avgWaitTime: expected.avgWaitTime,
      });
      const byId = new Map(shown.attendants.map((x) => [x.id, x]));
      for (const e of expected.attendants) expect({ from, to, ...byId.get(e.id) }).toMatchObject({ from, to, ...e });
    }
  });

  it("go with their company", async () => {
    const other = await signUpCompany(t.http);
    const contact = await insertContact(t, other.company.id, { createdAt: new Date(base) }); // its lead shares the cycle's row
    const ticket = await insertTicket(t, other.company.id, contact.id, { status: "closed" });
    await t.built.ctx.db.insert(ticketTrackings).values({ companyId: other.company.id, ticketId: ticket.id, queuedAt: new Date(base), startedAt: new Date(base + HOUR), finishedAt: new Date(base + 2 * HOUR), rate: 2 });
    await expectKeptRight(other.company.id);
    expect((await keptAndRecomputed(other.company.id)).kept).toHaveLength(1);
    await t.built.ctx.db.delete(companies).where(eq(companies.id, other.company.id));
    expect(await t.built.ctx.database.query("select 1 from dashboard_days where company_id = $1", [other.company.id])).toEqual([]);
  });
});

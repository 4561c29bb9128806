import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { domainEvents } from "../db/schema";
import { outsideRequest } from "../logging";
import type { DomainEvent, Listener } from "./types";

type EventRow = typeof domainEvents.$inferSelect;

export interface DispatcherOptions {
  /** How long a committed event belongs to the process that recorded it before a sweep may take it. */
  graceMs?: number;
  /** How many events one sweep takes. */
  batch?: number;
  /** After this long an event that still fails is given up (its error kept). */
  giveUpAfterMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MARK_EVERY_MS = 200;

/** 1 s, 2 s, 4 s … up to an hour between tries of a failing listener. */
export const backoffMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/**
 * Hands committed events to the listeners. The process that recorded an event dispatches it at once
 * (`dispatch`); `sweep` takes the rest: events of a process that stopped before dispatching them, and
 * events whose listener failed, retried with backoff. Each listener sees one stream's events in order.
 */
export class Dispatcher {
  private readonly listeners: Listener[] = [];
  private readonly streams = new Map<string, Promise<void>>();
  private toMark: number[] = [];
  private markTimer: NodeJS.Timeout | undefined;
  private marking: Promise<void> | null = null;
  private readonly graceMs: number;
  private readonly batch: number;
  private readonly giveUpAfterMs: number;

  constructor(
    private readonly ctx: AppContext,
    opts: DispatcherOptions = {},
  ) {
    this.graceMs = opts.graceMs ?? 30_000;
    this.batch = opts.batch ?? 200;
    this.giveUpAfterMs = opts.giveUpAfterMs ?? DAY_MS;
  }

  register(...listeners: Listener[]) {
    for (const l of listeners) {
      if (this.listeners.some((x) => x.name === l.name)) throw new Error(`listener ${l.name} registered twice`);
      this.listeners.push(l);
    }
  }

  /** Hands a command's events, just committed, to the listeners; resolves when they and what they deferred have run. */
  async dispatch(events: DomainEvent[]): Promise<void> {
    const byStream = new Map<string, DomainEvent[]>();
    for (const e of events) byStream.set(e.stream, [...(byStream.get(e.stream) ?? []), e]);
    const deferred: Promise<unknown>[] = [];
    await Promise.all([...byStream].map(([stream, list]) => this.inOrder(stream, () => this.runAll(list, deferred))));
    await this.settle(deferred);
  }

  private async settle(deferred: Promise<unknown>[]) {
    for (let i = 0; i < deferred.length; i++) await deferred[i].catch((err) => this.ctx.log?.warn({ err }, "deferred event work failed"));
  }

  /** Runs `work` after the stream's earlier work in this process. */
  private inOrder(stream: string, work: () => Promise<void>) {
    const before = this.streams.get(stream) ?? Promise.resolve();
    const next = before.then(work, work);
    this.streams.set(stream, next);
    void next.finally(() => {
      if (this.streams.get(stream) === next) this.streams.delete(stream);
    });
    return next;
  }

  private async runAll(events: DomainEvent[], deferred: Promise<unknown>[]) {
    for (const event of events) await this.run(event, [], deferred);
  }

  /**
   * Runs the listeners that want `event` and have not handled it; records the outcome. What a
   * listener goes on with (`settled`) is awaited by whoever dispatched, not by the stream's next events.
   */
  private async run(event: DomainEvent, done: string[], deferred: Promise<unknown>[]) {
    const handled = [...done];
    let failure: unknown = null;
    for (const listener of this.listeners) {
      if (handled.includes(listener.name) || !listener.accepts(event.type)) continue;
      try {
        const handling = await listener.handle(this.ctx, event);
        const settled = (handling as { settled?: Promise<unknown> } | undefined)?.settled;
        if (settled) deferred.push(settled);
        handled.push(listener.name);
      } catch (err) {
        failure ??= err;
        this.ctx.log?.warn({ err, eventId: event.id, type: event.type, listener: listener.name }, "event listener failed; it will be retried");
      }
    }
    if (failure === null) return this.markDispatched(event.id);
    await this.markFailed(event, handled, failure);
  }

  /**
   * Dispatched events are deleted together, one statement for those of the last `MARK_EVERY_MS`:
   * a statement (and a commit) per event cost more than storing the message, and a delete writes
   * less than an update that marks. A stop in between leaves them to a sweep, which hands them to
   * the listeners again (they are idempotent).
   */
  private markDispatched(id: number) {
    this.toMark.push(id);
    // one delete for the events of many requests: it belongs to none of them
    this.markTimer ??= outsideRequest(() => setTimeout(() => void this.flushMarks(), MARK_EVERY_MS));
  }

  private flushMarks(): Promise<void> {
    clearTimeout(this.markTimer);
    this.markTimer = undefined;
    const ids = this.toMark;
    this.toMark = [];
    if (ids.length === 0) return this.marking ?? Promise.resolve();
    const marked = this.ctx.db
      .delete(domainEvents)
      .where(inArray(domainEvents.id, ids))
      .then(() => undefined)
      .catch((err) => this.ctx.log?.warn({ err }, "dispatched events not deleted; they will be dispatched again"));
    this.marking = Promise.all([this.marking, marked]).then(() => undefined);
    return this.marking;
  }

  private async markFailed(event: DomainEvent, handled: string[], err: unknown) {
    const [row] = await this.ctx.db.select({ attempts: domainEvents.attempts }).from(domainEvents).where(eq(domainEvents.id, event.id));
    const attempts = (row?.attempts ?? 0) + 1;
    const givenUp = Date.now() - event.occurredAt.getTime() >= this.giveUpAfterMs;
    const message = err instanceof Error ? `${err.name}: ${err.message.split("\n")[0]}` : "failed";
    await this.ctx.db
      .update(domainEvents)
      .set({
        done: handled,
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        claimedUntil: null,
        givenUpAt: givenUp ? sql`now()` : null,
      })
      .where(eq(domainEvents.id, event.id))
      .catch((e) => this.ctx.log?.warn({ err: e, eventId: event.id }, "failed event not recorded"));
  }

  /**
   * Takes events no process is dispatching (older than the grace, due for a try, not claimed) and
   * dispatches them, the oldest of each stream first. Answers how many it took.
   */
  async sweep(now = new Date()): Promise<number> {
    const claimUntil = new Date(now.getTime() + Math.max(this.graceMs, 60_000));
    const rows = await this.ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(
          and(
            isNull(domainEvents.givenUpAt),
            lte(domainEvents.createdAt, new Date(now.getTime() - this.graceMs)),
            lte(domainEvents.nextAttemptAt, now),
            or(isNull(domainEvents.claimedUntil), lte(domainEvents.claimedUntil, now)),
          ),
        )
        .orderBy(asc(domainEvents.id))
        .limit(this.batch)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [] as EventRow[];
      return tx
        .update(domainEvents)
        .set({ claimedUntil: claimUntil })
        .where(
          inArray(
            domainEvents.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
    rows.sort((a, b) => a.id - b.id);
    const waiting = await this.streamsWithEarlier(rows);
    const byStream = new Map<string, EventRow[]>();
    for (const row of rows) if (!waiting.has(row.stream)) byStream.set(row.stream, [...(byStream.get(row.stream) ?? []), row]);
    const deferred: Promise<unknown>[] = [];
    await Promise.all(
      [...byStream].map(([stream, list]) =>
        this.inOrder(stream, async () => {
          for (const row of list) await this.run(eventOf(row), row.done, deferred);
        }),
      ),
    );
    await this.settle(deferred);
    // events held back for an earlier one of their stream are let go for a later sweep
    const held = rows.filter((r) => waiting.has(r.stream)).map((r) => r.id);
    if (held.length) await this.ctx.db.update(domainEvents).set({ claimedUntil: null }).where(inArray(domainEvents.id, held));
    return rows.length;
  }

  /** Streams in which an earlier event than the ones taken still waits (it failed, or another process has it). */
  private async streamsWithEarlier(rows: EventRow[]) {
    if (rows.length === 0) return new Set<string>();
    const first = new Map<string, number>();
    for (const r of rows) if (!first.has(r.stream)) first.set(r.stream, r.id);
    const oldest = await this.ctx.db
      .select({ stream: domainEvents.stream, id: sql<number>`min(${domainEvents.id})`.mapWith(Number) })
      .from(domainEvents)
      .where(and(isNull(domainEvents.givenUpAt), inArray(domainEvents.stream, [...first.keys()])))
      .groupBy(domainEvents.stream);
    return new Set(oldest.filter((o) => o.id < first.get(o.stream)!).map((o) => o.stream));
  }

  /** Waits for the dispatches this process has begun and deletes the dispatched events. */
  async drain() {
    await Promise.allSettled([...this.streams.values()]);
    await this.flushMarks();
  }
}

export function eventOf(row: EventRow): DomainEvent {
  return {
    id: row.id,
    companyId: row.companyId,
    type: row.type,
    stream: row.stream,
    actor: { userId: row.actorId, ip: row.actorIp },
    data: row.data as Record<string, unknown>,
    occurredAt: row.createdAt,
    webhookEndpointIds: row.webhookEndpointIds,
  };
}

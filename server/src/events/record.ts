import type { Db } from "../db/client";
import { domainEvents } from "../db/schema";
import type { DomainEvent, NewEvent } from "./types";

/**
 * The events of one command: recorded into its transaction by `flush`, handed to the dispatcher
 * once it has committed (events/command.ts).
 */
export class EventLog {
  private queued: NewEvent[] = [];
  readonly recorded: DomainEvent[] = [];

  add(...events: NewEvent[]) {
    this.queued.push(...events);
  }

  /** Writes the queued events in the transaction `tx`, in the order they were added. */
  async flush(tx: Db) {
    if (this.queued.length === 0) return;
    const queued = this.queued;
    this.queued = [];
    const rows = await tx
      .insert(domainEvents)
      .values(queued.map((e) => ({ companyId: e.companyId, type: e.type, stream: e.stream, actorId: e.actor?.userId ?? null, actorIp: e.actor?.ip ?? null, data: e.data })))
      .returning({ id: domainEvents.id, createdAt: domainEvents.createdAt, webhookEndpointIds: domainEvents.webhookEndpointIds });
    rows.forEach((row, i) => this.recorded.push({ ...queued[i], actor: queued[i].actor ?? { userId: null }, id: row.id, occurredAt: row.createdAt, webhookEndpointIds: row.webhookEndpointIds }));
  }
}

/** An event a hand-written statement inserted into the outbox itself (its id known), ready to dispatch. */
export function recordedAs(event: NewEvent, id: number, webhookEndpointIds?: number[] | null, occurredAt = new Date()): DomainEvent {
  return { ...event, actor: event.actor ?? { userId: null }, id, occurredAt, webhookEndpointIds };
}

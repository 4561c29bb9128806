import type { AppContext } from "../context";

/** Who did something and from where: a signed-in user, or nobody (a customer, a channel, a job). */
export interface Actor {
  userId: number | null;
  ip?: string | null;
}

/** A fact as a command records it, in its own transaction. */
export interface NewEvent<D = Record<string, unknown>> {
  type: string;
  /** Null for the platform's own facts. */
  companyId: number | null;
  /** Events of one stream reach each listener in order: `ticket:42`, `contact:7`, `company:3`. */
  stream: string;
  actor?: Actor;
  /** Stored with the event: ids and the facts a listener needs after a restart. */
  data: D;
  /**
   * What the command already has in memory (presented views), handed to listeners on the fast path
   * only; a listener that finds it missing (a redelivery) reads the record again.
   */
  transient?: Record<string, unknown>;
}

export interface DomainEvent<D = Record<string, unknown>> extends NewEvent<D> {
  id: number;
  occurredAt: Date;
  actor: Actor;
  /**
   * The webhook endpoints that chose this type when the event was recorded (a trigger reads them in
   * the recording transaction); undefined where the recording statement did not return them.
   */
  webhookEndpointIds?: number[] | null;
}

/**
 * Reacts to events after their commit: a small file each (realtime, automation, webhooks, audit…).
 * A listener is idempotent: an event can reach it again after a crash or a failed attempt.
 */
export interface Listener {
  /** Stored in the event's `done` list: never rename one that has shipped. */
  name: string;
  accepts(type: string): boolean;
  /**
   * Handles the event. A listener that hands events in order to a batcher of its own (the bot
   * answers a burst together) answers `settled`: the stream's next events go on meanwhile, and
   * whoever dispatched still waits for it; its failure is the listener's to handle.
   */
  handle(ctx: AppContext, event: DomainEvent): Promise<void | { settled: Promise<unknown> }>;
}

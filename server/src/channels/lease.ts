import crypto from "node:crypto";
import os from "node:os";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outsideRequest } from "../logging";
import { whatsapps } from "../db/schema";

export interface LeaseOptions {
  /** Who this process is; unique per process. */
  owner?: string;
  /** How long a claim or renewal lasts without news from its owner. */
  ttlMs?: number;
  /** How often held leases are renewed; well under ttlMs. */
  renewEveryMs?: number;
  /** False in a process that must never run a session (ROLE=web): every claim is refused. */
  claims?: boolean;
}

/** How long a lease lasts and how often it is renewed, unless a manager is given its own (tests shorten them). */
export const leaseDefaults = { ttlMs: 30_000, renewEveryMs: 10_000 };

export type SessionPlace = { at: "here" } | { at: "elsewhere"; owner: string } | { at: "nowhere"; up: boolean };

export const processOwnerId = () => `${os.hostname()}-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;

/**
 * A connection's live session runs in exactly one server process: the one whose name is in
 * whatsapps.session_owner until session_lease_until. Times come from the database's clock, so
 * processes on different machines agree. A claim is one conditional UPDATE, so two processes
 * racing for a free session cannot both win.
 */
export class SessionLease {
  readonly owner: string;
  readonly ttlMs: number;
  readonly renewEveryMs: number;
  private readonly held = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  readonly claims: boolean;

  constructor(
    private readonly db: Db,
    /** Called for each session whose lease another process took (or that disappeared). */
    private readonly onLost: (whatsappId: number) => void,
    options: LeaseOptions = {},
  ) {
    this.owner = options.owner ?? processOwnerId();
    this.claims = options.claims ?? true;
    this.ttlMs = options.ttlMs ?? leaseDefaults.ttlMs;
    this.renewEveryMs = options.renewEveryMs ?? leaseDefaults.renewEveryMs;
  }

  private until() {
    return sql`now() + ${`${this.ttlMs} milliseconds`}::interval`;
  }

  holds(whatsappId: number) {
    return this.held.has(whatsappId);
  }

  /**
   * Where the session runs: here, in another live process, or nowhere (free or lapsed); then `up`
   * says whether the connection was last seen connected, its holder gone before another took it.
   */
  async whereIs(whatsappId: number): Promise<SessionPlace> {
    if (this.held.has(whatsappId)) return { at: "here" };
    const [row] = await this.db
      .select({ owner: whatsapps.sessionOwner, live: sql<boolean>`${whatsapps.sessionLeaseUntil} > now()`, status: whatsapps.status })
      .from(whatsapps)
      .where(eq(whatsapps.id, whatsappId));
    if (row?.owner && row.owner !== this.owner && row.live) return { at: "elsewhere", owner: row.owner };
    return { at: "nowhere", up: row?.status === "CONNECTED" };
  }

  /** Takes (or extends) the session of a connection when it is free, expired or already ours. */
  async claim(whatsappId: number): Promise<boolean> {
    if (this.stopped || !this.claims) return false;
    const rows = await this.db
      .update(whatsapps)
      .set({ sessionOwner: this.owner, sessionLeaseUntil: this.until() })
      .where(and(eq(whatsapps.id, whatsappId), or(isNull(whatsapps.sessionOwner), eq(whatsapps.sessionOwner, this.owner), lt(whatsapps.sessionLeaseUntil, sql`now()`))))
      .returning({ id: whatsapps.id });
    if (rows.length === 0) {
      this.held.delete(whatsappId);
      return false;
    }
    this.held.add(whatsappId);
    this.schedule();
    return true;
  }

  /** Extends every lease this process holds in one statement; answers the ones it lost. */
  async renew(): Promise<number[]> {
    const ids = [...this.held];
    if (ids.length === 0) return [];
    const kept = await this.db
      .update(whatsapps)
      .set({ sessionLeaseUntil: this.until() })
      .where(and(inArray(whatsapps.id, ids), eq(whatsapps.sessionOwner, this.owner)))
      .returning({ id: whatsapps.id });
    const keptIds = new Set(kept.map((r) => r.id));
    const lost = ids.filter((id) => !keptIds.has(id) && this.held.has(id));
    for (const id of lost) {
      this.held.delete(id);
      this.onLost(id);
    }
    return lost;
  }

  /** Gives the session up so another process may take it at once. */
  async release(whatsappId: number) {
    const wasHeld = this.held.delete(whatsappId);
    if (!wasHeld) return;
    await this.db
      .update(whatsapps)
      .set({ sessionOwner: null, sessionLeaseUntil: null })
      .where(and(eq(whatsapps.id, whatsappId), eq(whatsapps.sessionOwner, this.owner)))
      .catch(() => undefined); // an unreleased lease simply expires
  }

  /** Stops renewing and releases everything (clean shutdown). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all([...this.held].map((id) => this.release(id)));
  }

  private schedule() {
    if (this.timer || this.stopped) return;
    // renewals go on after the request that claimed the lease
    this.timer = outsideRequest(() =>
      setTimeout(() => {
        this.timer = null;
        this.renew()
          .catch(() => []) // the database blinked: the next round retries before the lease runs out
          .finally(() => {
            if (this.held.size > 0) this.schedule();
          });
      }, this.renewEveryMs),
    );
    this.timer.unref();
  }
}

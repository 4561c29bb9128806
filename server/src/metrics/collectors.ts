import { eq, sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { AppContext } from "../context";
import { whatsapps } from "../db/schema";
import { rowsOf } from "../channels/sqlRows";
import { JOBS_SCHEMA } from "../db/jobTables";
import type { Direction, Metrics } from "./metrics";

/** The gauges read when Prometheus scrapes: jobs waiting, events waiting, connections' statuses, this process's sockets. */
export function registerCollectors(metrics: Metrics, ctx: AppContext, io: Pick<Server, "engine"> | null) {
  metrics.gauge("balcao_socket_connections", "Socket connections open on this process.", [], (set) => set({}, io?.engine?.clientsCount ?? 0));

  metrics.gauge("balcao_channel_sessions", "WhatsApp connections of every company, by channel and status.", ["channel", "status"] as const, async (set) => {
    const rows = await ctx.db
      .select({ channel: whatsapps.channel, status: whatsapps.status, count: sql<number>`count(*)::int` })
      .from(whatsapps)
      .groupBy(whatsapps.channel, whatsapps.status);
    for (const r of rows) set({ channel: r.channel, status: r.status }, r.count);
  });

  const jobs = async () =>
    rowsOf<{ name: string; depth: number; lag: number }>(
      ctx.db,
      sql`select name, count(*)::int as depth, coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as lag
          from ${sql.raw(JOBS_SCHEMA)}.job where state in ('created', 'retry') and start_after <= now() group by name`,
    );
  metrics.gauge("balcao_job_queue_depth", "Durable jobs due and not yet taken, by job.", ["job"] as const, async (set) => {
    for (const r of await jobs()) set({ job: r.name }, r.depth);
  });
  metrics.gauge("balcao_job_queue_lag_seconds", "How long the oldest due job has waited, by job.", ["job"] as const, async (set) => {
    for (const r of await jobs()) set({ job: r.name }, Number(r.lag));
  });

  const events = async () =>
    (await rowsOf<{ waiting: number; lag: number }>(ctx.db, sql`select count(*)::int as waiting, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as lag from domain_events where given_up_at is null`))[0];
  metrics.gauge("balcao_events_waiting", "Domain events recorded and not yet handled by every listener.", [], async (set) => set({}, (await events()).waiting));
  metrics.gauge("balcao_event_dispatch_lag_seconds", "Age of the oldest domain event not yet handled by every listener.", [], async (set) => set({}, Number((await events()).lag)));
}

/** Each connection's channel, read once: inbound counts are labelled by it. */
const channels = new WeakMap<Metrics, Map<number, string>>();

/** Counts a message of `direction` on the connection `whatsappId`. */
export async function countMessage(ctx: AppContext, whatsappId: number, direction: Direction) {
  const metrics = ctx.metrics;
  if (!metrics) return;
  let known = channels.get(metrics);
  if (!known) channels.set(metrics, (known = new Map()));
  let channel = known.get(whatsappId);
  if (!channel) {
    const [row] = await ctx.db.select({ channel: whatsapps.channel }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
    channel = row?.channel ?? "unknown";
    known.set(whatsappId, channel);
  }
  metrics.messages.inc({ direction, channel });
}

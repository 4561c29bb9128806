import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Secrets } from "./secrets";
import type { Realtime } from "./realtime/realtime";
import type { MediaStore } from "./media/store";
import type { ChannelManager } from "./channels/manager";
import type { FastifyBaseLogger } from "fastify";
import type { Dispatcher } from "./events/dispatcher";

/** What services need from the running app; built once in app.ts. */
import type { Metrics } from "./metrics/metrics";

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secrets: Secrets;
  realtime: Realtime;
  media: MediaStore;
  channels: ChannelManager;
  /** Hands committed domain events to the listeners (events/). */
  events: Dispatcher;
  log?: FastifyBaseLogger;
  /** Prometheus figures, when METRICS_TOKEN asks for them. */
  metrics?: Metrics;
}

/** One `T` per running app, made on first use: state a service keeps, such as its batches. */
export function perApp<T>(make: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const made = new WeakMap<AppContext, T>();
  return (ctx) => {
    let value = made.get(ctx);
    if (value === undefined) made.set(ctx, (value = make(ctx)));
    return value;
  };
}

/** The caller of a request, loaded fresh from the database on every request. */
export interface Caller {
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  allTicket: string;
  sessionId: string;
  /** The address the request came from (after the trusted proxies), for the audit log. */
  ip?: string;
}

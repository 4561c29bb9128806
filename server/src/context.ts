import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Secrets } from "./secrets";
import type { Realtime } from "./realtime/realtime";
import type { MediaStore } from "./media/store";
import type { ChannelManager } from "./channels/manager";
import type { FastifyBaseLogger } from "fastify";

/** What services need from the running app; built once in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secrets: Secrets;
  realtime: Realtime;
  media: MediaStore;
  channels: ChannelManager;
  log?: FastifyBaseLogger;
}

/** The caller of a request, loaded fresh from the database on every request. */
export interface Caller {
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  allTicket: string;
  sessionId: string;
}

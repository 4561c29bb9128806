import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Redis } from "ioredis";
import type { AppContext } from "../context";
import type { Role } from "../deploymentConfig";
import { redisState } from "../redisConnections";
import { id, object } from "./responses/shapes";

const CHECK_TIMEOUT_MS = 2_000;

const within = <T>(work: Promise<T>, fallback: T) => Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS).unref())]);

/** What this process runs, for GET /healthz: the job runner's state is set once it starts and stops. */
export class ProcessHealth {
  jobs: "running" | "off" = "off";

  constructor(
    private readonly ctx: AppContext,
    readonly role: Role,
    /** Whether this process is meant to run the jobs (a web process is not; tests may turn them off). */
    private readonly jobsExpected: boolean,
    /** The Redis connections of this process (rate limits, socket adapter); empty without REDIS_URL. */
    private readonly redis: () => Redis[],
  ) {}

  private async redisState() {
    const clients = this.redis();
    return clients.length ? redisState(clients, CHECK_TIMEOUT_MS) : undefined;
  }

  /** Only states, ids and counts: the endpoint is public. */
  async report() {
    const [database, redis] = await Promise.all([
      within(
        this.ctx.database.query("select 1 as ok").then(() => "ok" as const),
        "down" as const,
      ),
      this.redisState(),
    ]);
    const sessions = database === "ok" ? await within(this.heldSessions(), [] as number[]) : [];
    const healthy = database === "ok" && redis !== "down" && (!this.jobsExpected || this.jobs === "running");
    return {
      healthy,
      body: { status: healthy ? "ok" : "degraded", role: this.role, database, databaseKind: this.ctx.database.kind, ...(redis ? { redis } : {}), jobs: this.jobs, sessions },
    };
  }

  /** The connections whose live session this process holds a lease on. */
  private async heldSessions() {
    const rows = await this.ctx.database.query<{ id: number }>("select id from whatsapps where session_owner = $1 and session_lease_until > now() order by id", [this.ctx.channels.lease.owner]);
    return rows.map((r) => Number(r.id));
  }
}

const state = z.enum(["ok", "down"]);
/** GET /healthz: 200 when healthy, 503 (same body, `degraded`) otherwise. */
const healthAnswer = object({
  status: z.enum(["ok", "degraded"]),
  role: z.string(),
  database: state,
  databaseKind: z.enum(["pglite", "postgres"]),
  redis: state.optional().meta({ description: "Only with Redis configured." }),
  jobs: z.enum(["running", "off"]),
  sessions: z.array(id).meta({ description: "The connections whose live session this process holds." }),
}).meta({ description: "What this process runs and whether its dependencies answer." });

export function healthRoutes(health: ProcessHealth) {
  return async (app: FastifyInstance) => {
    app.get("/healthz", { config: { public: true }, schema: { tags: ["system"], response: { 200: healthAnswer, 503: healthAnswer } } }, async (_request, reply) => {
      const { healthy, body } = await health.report();
      return reply
        .status(healthy ? 200 : 503)
        .header("cache-control", "no-store")
        .send(body);
    });
  };
}

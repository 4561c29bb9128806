import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import path from "node:path";
import { Redis } from "ioredis";
import { Dispatcher } from "./events/dispatcher";
import { startEventSweeper } from "./events/sweeper";
import { allListeners } from "./listeners";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import { documentErrorAnswers } from "./http/responses/errorAnswers";
import { documentPublicRoutes } from "./http/publicRoutes";
import { responseSerializerCompiler } from "./http/responses/serializer";
import { createAdapter } from "@socket.io/redis-adapter";
import { fastifyTrustProxy, type Config } from "./config";
import type { AppContext } from "./context";
import { openDatabase } from "./db/client";
import { seed } from "./setup/seed";
import { registerErrorHandler } from "./http/errorHandler";
import { loggerOptions, requestAwareLogger } from "./logging";
import { registerAuthHook, type ResolveCaller } from "./http/auth";
import { registerStorableInputGuard } from "./http/storableInput";
import { registerWebApp } from "./http/webApp";
import { registerSecurityHeaders } from "./http/securityHeaders";
import { loadSecrets } from "./secrets";
import { Realtime } from "./realtime/realtime";
import { RoomPolicies } from "./realtime/roomPolicies";
import { createSocketServer } from "./realtime/socketServer";
import type { SocketCallers } from "./realtime/socketCallers";
import { LoginLimiter } from "./modules/auth/rateLimit";
import { registerRouteLimits } from "./http/routeLimits";
import { currentCaller, resolveCaller } from "./modules/auth/caller";
import { setOnline } from "./modules/users/presence";
import { authRoutes } from "./modules/auth/routes";
import { twoFactorRoutes } from "./modules/twoFactor/routes";
import { passwordResetRoutes } from "./modules/passwordReset/routes";
import { ResetCodeStore } from "./modules/passwordReset/codes";
import { ResetLimiter } from "./modules/passwordReset/limits";
import { createMailer } from "./mail/mailer";
import { companyRoutes } from "./modules/companies/routes";
import { planRoutes } from "./modules/plans/routes";
import { settingRoutes } from "./modules/settings/routes";
import { campaignSettingRoutes } from "./modules/campaignSettings/routes";
import { campaignRoutes } from "./modules/campaigns/routes";
import { systemRoutes } from "./modules/system/routes";
import { userRoutes } from "./modules/users/routes";
import { contactRoutes } from "./modules/contacts/routes";
import { tagRoutes } from "./modules/tags/routes";
import { kanbanRoutes } from "./modules/kanban/routes";
import { ticketNoteRoutes } from "./modules/ticketNotes/routes";
import { quickMessageRoutes } from "./modules/quickMessages/routes";
import { helpRoutes } from "./modules/helps/routes";
import { announcementRoutes } from "./modules/announcements/routes";
import { fileListRoutes } from "./modules/fileLists/routes";
import { queueRoutes } from "./modules/queues/routes";
import { queueOptionRoutes } from "./modules/queueOptions/routes";
import { companyScheduleRoutes } from "./modules/companies/schedules";
import { openMediaStore } from "./media/openStore";
import { useChannelKey } from "./channels/sealing";
import { checkChannelKey } from "./channels/channelKeyCheck";
import { ProcessHealth, healthRoutes } from "./http/health";
import { closeRedis, quietCommands, watchRedis } from "./redisConnections";
import { createEmitOnlyServer } from "./realtime/emitOnlyServer";
import { ChannelManager } from "./channels/manager";
import { webhookSignatureScheme, webhooksDocument } from "./modules/webhooks/payloadSchemas";
import { startJobs } from "./jobs/runner";
import { whatsappRoutes } from "./modules/whatsapps/routes";
import { sandboxRoutes } from "./modules/sandbox/routes";
import { ticketRoutes } from "./modules/tickets/routes";
import { messageRoutes } from "./modules/messages/routes";
import { cloudWebhookRoutes } from "./channels/cloud/webhook";
import { externalApiRoutes } from "./modules/externalApi/routes";
import { scheduleRoutes } from "./modules/schedules/routes";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { reportRoutes } from "./modules/reports/routes";
import { serviceReportRoutes } from "./modules/reports/serviceRoutes";
import { slaReportRoutes } from "./modules/sla/routes";
import { deadLetterRoutes } from "./modules/deadLetters/routes";
import { webhookRoutes } from "./modules/webhooks/routes";
import { auditLogRoutes } from "./modules/audit/routes";
import { invoiceRoutes } from "./modules/invoices/routes";
import { billingRoutes } from "./modules/billing/routes";
import { contactListRoutes } from "./modules/contactLists/routes";
import { chatRoutes } from "./modules/chats/routes";
import { queueIntegrationRoutes } from "./modules/queueIntegrations/routes";
import { promptRoutes } from "./modules/prompts/routes";
import { findTicket } from "./modules/tickets/present";
import { queueIdsOf } from "./modules/users/queueIds";
import { canAccessTicket } from "./policies/tickets";
import { Metrics } from "./metrics/metrics";
import { OneLinePerRequest, registerRequestLog, requestIdOf } from "./http/requestLog";
import { registerMetrics } from "./metrics/routes";
import { registerCollectors } from "./metrics/collectors";

const CORS_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The admin password generated on first start, when none was configured. */
  generatedAdminPassword?: string;
  close(): Promise<void>;
}

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Folder of the built web app; the SPA is not served when it does not exist. */
  webDist?: string;
  /** PGlite location override (tests use "memory://"). */
  pgliteDir?: string;
  /** A dumped PGlite data directory the embedded database starts from (tests pass a migrated one). */
  pgliteTemplate?: Blob;
  /** Runs the durable jobs (timed rules, re-sends); tests that do not need them leave them off. */
  jobs?: boolean;
  /** How long a committed event belongs to its process before another's sweep takes it (tests shorten it). */
  eventGraceMs?: number;
  /** Sends per minute one token may make on the external messages API (tests lower it). */
  externalApiMaxPerMinute?: number;
  /** The password reset's clock, in ms since the epoch (tests move it to see a code expire). */
  now?: () => number;
  /** Validates every answer against its route's declared response schema (tests turn it on). */
  checkResponses?: boolean;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: options.pgliteDir ?? path.join(config.dataDir, "pglite"), pgliteTemplate: options.pgliteTemplate, poolSize: config.databasePoolSize });
  let redis: Redis[] = [];
  try {
    await database.migrate();
    useChannelKey(config.dataDir, config.channelKey);
    await checkChannelKey(database, config.dataDir, !!config.channelKey);
    const secrets = await loadSecrets(config.dataDir, { jwtSecret: config.jwtSecret, jwtRefreshSecret: config.jwtRefreshSecret });
    const seeded = await seed(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
    const ctx = { config, database, db: database.db, secrets, realtime: new Realtime(), media: openMediaStore(config) } as AppContext;
    // a web process never holds a WhatsApp Web session: workers do
    ctx.channels = new ChannelManager(ctx, { lease: { claims: config.role !== "web" } });
    ctx.events = new Dispatcher(ctx, { graceMs: options.eventGraceMs });
    ctx.events.register(...allListeners());
    if (config.metricsToken) ctx.metrics = new Metrics();

    const app = Fastify({
      logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
      trustProxy: fastifyTrustProxy(config.trustProxy),
      bodyLimit: 1024 * 1024,
      logController: new OneLinePerRequest(),
      genReqId: requestIdOf,
      // The spec's client writes `/users/`, `/settings/`, `/whatsapp/?session=0`: the same routes.
      routerOptions: { ignoreTrailingSlash: true },
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler(options.checkResponses ?? false));
    await registerSecurityHeaders(app, { allowedOrigins: config.allowedOrigins });
    await app.register(cookie);
    await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024, files: 10, fields: 20 } });
    if (config.allowedOrigins.length) await app.register(cors, { origin: config.allowedOrigins, credentials: true, methods: CORS_METHODS, allowedHeaders: ["Authorization", "Content-Type"] });
    if (config.redisUrl) redis = [new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })];
    for (const client of redis) watchRedis(client, app.log);
    // Redis down at start: the process still starts, /healthz answers 503 until it is back
    if (redis.length) await redis[0].connect().catch(() => undefined);
    registerRouteLimits(app, redis[0]);
    await app.register(swagger, {
      openapi: {
        // 3.1: its `webhooks` section documents what the outgoing webhooks POST to a company's URLs
        openapi: "3.1.0",
        info: { title: "Balcão API", version: "1" },
        // every route asks for a user's access token (POST /auth/login), the messages API for a connection's token
        components: {
          securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT or connection token" }, webhookSignature: webhookSignatureScheme },
        },
        security: [{ bearerAuth: [] }],
        webhooks: webhooksDocument(),
      },
      transform: jsonSchemaTransform,
    });
    app.addHook("onRoute", documentErrorAnswers);
    app.addHook("onRoute", documentPublicRoutes);
    // the interactive page of the whole API, public like /openapi.json (it holds no data)
    if (config.role !== "worker") await app.register(swaggerUi, { routePrefix: "/api-docs", uiConfig: { docExpansion: "none", deepLinking: true } });
    registerErrorHandler(app);
    registerRequestLog(app);
    ctx.log = requestAwareLogger(app.log);
    if (ctx.metrics) registerMetrics(app, ctx.metrics, config.metricsToken!);

    // Before the API: browser navigations must reach the SPA ahead of the API's auth hook.
    // a worker answers GET /healthz only
    const serves = config.role !== "worker";
    if (serves && options.webDist) await registerWebApp(app, options.webDist);
    const limiter = new LoginLimiter({
      maxPerIp: config.loginMaxPerIp,
      maxFailsPerEmailIp: config.loginMaxFailsPerEmailIp,
      maxFailsPerEmail: config.loginMaxFailsPerEmail,
      delayMs: config.loginDelayMs,
      maxDelayMs: config.loginMaxDelayMs,
      redis: redis[0],
    });
    const mailer = createMailer(config);
    const resets = {
      mailer,
      codes: new ResetCodeStore(ctx.db),
      limiter: new ResetLimiter({ maxPerEmail: config.passwordResetMaxPerEmail, maxPerIp: config.passwordResetMaxPerIp, redis: redis[0] }),
      now: options.now ?? Date.now,
    };
    const callerOf: ResolveCaller = (token, ip) => resolveCaller(ctx, token, ip);
    if (serves)
      await app.register(async (api) => {
        registerAuthHook(api, callerOf);
        registerStorableInputGuard(api);
        await api.register(systemRoutes(ctx));
        await api.register(authRoutes(ctx, limiter));
        await api.register(twoFactorRoutes(ctx, limiter));
        await api.register(passwordResetRoutes(ctx, resets));
        await api.register(planRoutes(ctx));
        await api.register(companyRoutes(ctx));
        await api.register(settingRoutes(ctx));
        await api.register(userRoutes(ctx));
        await api.register(contactRoutes(ctx));
        await api.register(tagRoutes(ctx));
        await api.register(kanbanRoutes(ctx));
        await api.register(ticketNoteRoutes(ctx));
        await api.register(quickMessageRoutes(ctx));
        await api.register(helpRoutes(ctx));
        await api.register(announcementRoutes(ctx));
        await api.register(fileListRoutes(ctx));
        await api.register(queueRoutes(ctx));
        await api.register(queueOptionRoutes(ctx));
        await api.register(companyScheduleRoutes(ctx));
        await api.register(whatsappRoutes(ctx));
        await api.register(sandboxRoutes(ctx));
        await api.register(ticketRoutes(ctx));
        await api.register(messageRoutes(ctx));
        await api.register(scheduleRoutes(ctx));
        await api.register(dashboardRoutes(ctx));
        await api.register(reportRoutes(ctx));
        await api.register(serviceReportRoutes(ctx));
        await api.register(slaReportRoutes(ctx));
        await api.register(deadLetterRoutes(ctx));
        await api.register(webhookRoutes(ctx));
        await api.register(auditLogRoutes(ctx));
        await api.register(invoiceRoutes(ctx));
        await api.register(billingRoutes(ctx));
        await api.register(contactListRoutes(ctx));
        await api.register(campaignSettingRoutes(ctx));
        await api.register(campaignRoutes(ctx));
        await api.register(chatRoutes(ctx));
        await api.register(queueIntegrationRoutes(ctx));
        await api.register(promptRoutes(ctx));
        await api.register(externalApiRoutes(ctx, { maxPerMinute: options.externalApiMaxPerMinute }));
        api.get("/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
      });
    // public, signed by Meta, with its own raw-body parser
    if (serves) await app.register(cloudWebhookRoutes(ctx));
    const runsJobs = options.jobs !== false && config.role !== "web";
    const health = new ProcessHealth(ctx, config.role, runsJobs, () => redis);
    await app.register(healthRoutes(health));

    const policies = new RoomPolicies();
    policies.ticket = async (caller, ticketId) => {
      const ticket = await findTicket(ctx.db, caller.companyId, ticketId);
      return !!ticket && canAccessTicket(caller, await queueIdsOf(ctx.db, caller.companyId, caller.id), ticket);
    };
    const callers: SocketCallers = {
      resolve: callerOf,
      current: (caller) => currentCaller(ctx, caller),
      setOnline: (caller, online) => setOnline(ctx, caller, online),
    };
    const { io, stop: stopSockets } = serves ? createSocketServer(app.server, ctx, callers, policies, config.allowedOrigins) : createEmitOnlyServer();
    if (config.redisUrl) {
      const pub = new Redis(config.redisUrl);
      const sub = pub.duplicate();
      redis.push(pub, sub);
      watchRedis(pub, app.log);
      watchRedis(sub, app.log);
      io.adapter(createAdapter(quietCommands(pub), quietCommands(sub)));
    }
    ctx.realtime.attach(io);
    if (ctx.metrics) registerCollectors(ctx.metrics, ctx, serves ? io : null);
    const jobs = runsJobs ? await startJobs(ctx) : null;
    const sweeper = runsJobs ? startEventSweeper(ctx) : null;
    if (jobs) health.jobs = "running";
    if (config.role !== "web") await ctx.channels.resumeSessions().catch((err) => app.log.error({ err }, "WhatsApp sessions not resumed"));

    return {
      app,
      ctx,
      generatedAdminPassword: seeded.generatedPassword,
      async close() {
        await stopSockets();
        health.jobs = "off";
        await jobs?.stop();
        await sweeper?.stop();
        await ctx.channels.closeAll();
        await app.close();
        mailer?.close();
        await ctx.events.drain();
        await Promise.all(redis.map(closeRedis));
        await database.close();
      },
    };
  } catch (err) {
    await Promise.all(redis.map(closeRedis));
    await database.close().catch(() => undefined);
    throw err;
  }
}

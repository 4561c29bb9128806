import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { V, loginBody } from "@balcao/common";
import type { AppContext } from "../../context";
import { bearerToken } from "../../http/auth";
import { loadSessionUser } from "../users/present";
import { verifyAccessToken, REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from "./tokens";
import type { LoginLimiter } from "./rateLimit";
import * as auth from "./service";
import { authAnswer, loggedOut, me } from "./responses";
import { enrolment, loginAnswer, secondStepAnswer } from "../twoFactor/responses";
import { enrolWithChallenge } from "../twoFactor/service";

const challengeBody = z.object({ challenge: z.string({ error: V.required }).min(1, V.required).max(100, V.tooLong) });
const secondStepBody = challengeBody.extend({ code: z.string({ error: V.required }).trim().min(1, V.required).max(40, V.tooLong) });

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(REFRESH_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    path: "/",
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function authRoutes(ctx: AppContext, limiter: LoginLimiter) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post("/auth/login", { config: { public: true }, schema: { body: loginBody, tags: ["auth"], response: { 200: loginAnswer } } }, async (request, reply) => {
      const session = await auth.login(ctx, limiter, request.body, { ip: request.ip, userAgent: request.headers["user-agent"] });
      if ("challenge" in session) return session;
      setRefreshCookie(request, reply, session.refreshToken);
      return { token: session.token, user: session.user };
    });

    r.post("/auth/login/2fa", { config: { public: true }, schema: { body: secondStepBody, tags: ["auth"], response: { 200: secondStepAnswer } } }, async (request, reply) => {
      const session = await auth.loginSecondStep(ctx, limiter, request.body, { ip: request.ip, userAgent: request.headers["user-agent"] });
      setRefreshCookie(request, reply, session.refreshToken);
      return { token: session.token, user: session.user, ...(session.recoveryCodes ? { recoveryCodes: session.recoveryCodes } : {}) };
    });

    r.post("/auth/login/2fa/enrol", { config: { public: true }, schema: { body: challengeBody, tags: ["auth"], response: { 200: enrolment } } }, async (request) => enrolWithChallenge(ctx, request.body.challenge));

    r.post("/auth/refresh_token", { config: { public: true }, schema: { tags: ["auth"], response: { 200: authAnswer } } }, async (request, reply) => {
      try {
        const session = await auth.refresh(ctx, request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(request, reply, session.refreshToken);
        return { token: session.token, user: session.user };
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: "/" });
        throw err;
      }
    });

    r.delete("/auth/logout", { config: { public: true }, schema: { tags: ["auth"], response: { 200: loggedOut } } }, async (request, reply) => {
      const token = bearerToken(request);
      const access = token ? await verifyAccessToken(token, ctx.secrets.jwtSecret) : null;
      await auth.logout(ctx, request.cookies[REFRESH_COOKIE], access?.ok ? access.claims.sid : undefined, { ip: request.ip });
      reply.clearCookie(REFRESH_COOKIE, { path: "/" });
      return {};
    });

    r.get("/auth/me", { schema: { tags: ["auth"], response: { 200: me } } }, async (request) => loadSessionUser(ctx.db, request.caller.id));
  };
}

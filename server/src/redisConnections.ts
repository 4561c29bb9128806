import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/** One line when a Redis connection drops and one when it is back, rather than one per reconnection attempt. */
export function watchRedis(client: Redis, log: FastifyBaseLogger) {
  let up = true;
  client.on("error", (err: Error) => {
    if (!up) return;
    up = false;
    log.error({ err: { message: err.message } }, "Redis unreachable; retrying");
  });
  client.on("ready", () => {
    if (up) return;
    up = true;
    log.info("Redis reachable again");
  });
}

/**
 * The client as the socket.io Redis adapter should get it: the adapter leaves the promises of its
 * commands unhandled, and one failing while Redis is down must not end the process.
 */
export function quietCommands(client: Redis): Redis {
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (result instanceof Promise) result.catch(() => undefined);
        return result;
      };
    },
  });
}

/** Quits politely when connected; otherwise drops the connection at once instead of waiting out the retries. */
export async function closeRedis(client: Redis) {
  if (client.status === "ready") await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

/** Waits, at most `ms`, for a connection still being made; answers whether it is up. */
function readyWithin(client: Redis, ms: number) {
  if (client.status === "ready") return Promise.resolve(true);
  if (client.status === "end" || client.status === "close") return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const done = (up: boolean) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      resolve(up);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    client.once("ready", onReady);
  });
}

/** "ok" when every connection is up and the first answers a PING within `ms`. */
export async function redisState(clients: Redis[], ms: number): Promise<"ok" | "down"> {
  const ready = await Promise.all(clients.map((c) => readyWithin(c, ms)));
  if (ready.includes(false)) return "down";
  const ping = clients[0].ping().then(
    () => "ok" as const,
    () => "down" as const,
  );
  return Promise.race([ping, new Promise<"down">((resolve) => setTimeout(() => resolve("down"), ms).unref())]);
}

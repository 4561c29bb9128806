import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** How the receiver answers one request: a status code, or never (the sender's timeout). */
export type Answer = number | "hang";

export interface Arrival {
  eventId: string;
  type: string;
  body: string;
  signatureOk: boolean;
  answered: Answer;
}

/**
 * A customer's webhook receiver on 127.0.0.1: checks each request's signature over the raw body
 * with `secret`, answers from `plan` (then 200), and counts what it accepted by event id.
 */
export async function startWebhookReceiver() {
  const arrivals: Arrival[] = [];
  const plan: Answer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const state = { secret: "" };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const expected = `sha256=${crypto.createHmac("sha256", state.secret).update(raw).digest("hex")}`;
      const given = String(req.headers["x-balcao-signature"] ?? "");
      const signatureOk = given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      const answered = plan.shift() ?? 200;
      arrivals.push({ eventId: String(req.headers["x-balcao-event-id"]), type: String(req.headers["x-balcao-event"]), body: raw.toString("utf8"), signatureOk, answered });
      if (answered === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      res.writeHead(answered, { "content-type": "text/plain" }).end(answered < 300 ? "ok" : "receiver failed");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/balcao`,
    arrivals,
    plan,
    state,
    /** Requests of `eventId` the receiver answered with a 2xx. */
    accepted: (eventId: number) => arrivals.filter((a) => a.eventId === String(eventId) && typeof a.answered === "number" && a.answered < 300),
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import crypto from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { startMailbox, type Mailbox } from "../test/mailbox";
import { AsaasStandIn } from "../test/standins/asaas";
import { companySnapshot } from "../test/companySnapshot";
import { hostileFixture } from "../test/hostileFixture";
import { metaWebhookSchema } from "../test/metaWebhookSchema";
import { hostileRequests, routesOf, type HostileRequest, type Pools, type Route } from "../test/hostileRequests";

/** Runs per route; HOSTILE_SEED and HOSTILE_ROUTE ("POST /contacts") replay a failure. */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 60);
const SEED = Number(process.env.HOSTILE_SEED ?? 20_241_127);
const APP_SECRET = "hostile-app-secret";

const skipped = new Set([
  // ends the caller's own session: every later request of the run would only test the 401
  "DELETE /auth/logout",
]);

const PHONE_NUMBER_ID = "1234567890";

/** Meta's webhook is hidden from the document (it is not the product's API); its deliveries are driven from Meta's payload, signed or not. */
const webhookRoutes: Route[] = ["GET", "POST"].map((method) => ({
  method,
  path: "/webhooks/whatsapp-cloud/{whatsappId}",
  params: [{ name: "whatsappId", schema: { type: "integer" } }],
  query: method === "GET" ? ["hub.mode", "hub.verify_token", "hub.challenge"].map((name) => ({ name, schema: { type: "string" } })) : [],
  body: method === "POST" ? metaWebhookSchema(PHONE_NUMBER_ID) : undefined,
}));

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let aFixture: Awaited<ReturnType<typeof hostileFixture>>;
let bFixture: Awaited<ReturnType<typeof hostileFixture>>;
let cloudId: number;
let mailbox: Mailbox;
let asaas: AsaasStandIn;

beforeAll(async () => {
  // mail and payments configured, so their routes are driven past "not configured" (503)
  mailbox = await startMailbox();
  asaas = await new AsaasStandIn("aact_hostile_0123456789").start();
  t = await startTestApp({ env: { LOGIN_DELAY_MS: "0", SMTP_URL: mailbox.url, ASAAS_API_URL: asaas.url } });
  const root = await t.http.login(ADMIN.email, ADMIN.password);
  await t.http.put("/settings/asaas", { value: "aact_hostile_0123456789" }, root.token);
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  aFixture = await hostileFixture(t, a);
  bFixture = await hostileFixture(t, b);
  const cloud = { phoneNumberId: PHONE_NUMBER_ID, verifyToken: "hostile-verify-token", appSecret: APP_SECRET, accessToken: "token" };
  const res = await t.http.post("/whatsapp", { name: "Nuvem", channel: "cloud", cloud }, a.token);
  if (res.status !== 201) throw new Error(`cloud connection: ${res.status} ${JSON.stringify(res.body)}`);
  cloudId = res.body.id;
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
  await asaas?.stop();
});

/** Which fixture records a field or path names, by its words; the first that matches wins. */
const KINDS: Array<[RegExp, Array<keyof Awaited<ReturnType<typeof hostileFixture>>["ids"]>]> = [
  [/chat-messages/i, ["chatMessage"]],
  [/chat/i, ["chat"]],
  [/quick/i, ["quickMessage"]],
  [/files\/options/i, ["fileListOption"]],
  [/^\/files|fileId/i, ["fileList"]],
  [/note/i, ["note"]],
  [/option|parent/i, ["queueOption"]],
  [/contact.?list.?item/i, ["contactListItem"]],
  [/contact.?list/i, ["contactList"]],
  [/queue/i, ["queue"]],
  [/tag/i, ["tag"]],
  [/ticket/i, ["ticket"]],
  [/contact/i, ["contact"]],
  [/schedule/i, ["schedule"]],
  [/message|quoted/i, ["message"]],
  [/user/i, ["admin", "attendant"]],
  [/whatsapp|sandbox|webhook/i, ["sandbox"]],
];

function pools(): Pools {
  const all = [...Object.values(aFixture.ids), ...Object.values(bFixture.ids), cloudId];
  return {
    ids(hint) {
      const kinds = /compan/i.test(hint) ? [] : (KINDS.find(([words]) => words.test(hint))?.[1] ?? []);
      const own: number[] = /compan/i.test(hint) ? [a.company.id] : kinds.map((k) => aFixture.ids[k]);
      const theirs: number[] = /compan/i.test(hint) ? [b.company.id] : kinds.map((k) => bFixture.ids[k]);
      if (kinds.includes("sandbox")) own.push(cloudId);
      const choices = [
        { weight: 5, values: own },
        { weight: 2, values: theirs },
        { weight: 1, values: all },
        { weight: 1, values: [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 1e21] },
      ].filter((c) => c.values.length);
      return fc.oneof(...choices.map((c) => ({ weight: c.weight, arbitrary: fc.constantFrom(...c.values) })));
    },
    tokens(route) {
      // the sandbox and external API take the connection's token; every other route the user's
      const connection = /^\/(sandbox|api)\//.test(route.path);
      const [main, other] = connection ? [aFixture.sandboxToken, a.token] : [a.token, aFixture.sandboxToken];
      return fc.oneof({ weight: 12, arbitrary: fc.constant(main) }, { weight: 1, arbitrary: fc.constant(other) }, fc.constant(undefined), fc.constant("not.a.token"));
    },
    spared(route, param) {
      // the caller itself, and the connection the sandbox and external API routes are driven through
      if (route.path.startsWith("/users/{") && param === "id") return [a.user.id];
      if (/^\/whatsapp(session)?\/\{id\}$/.test(route.path)) return [aFixture.ids.sandbox, cloudId];
      return [];
    },
  };
}

async function send(request: HostileRequest, signed: boolean) {
  const headers: Record<string, string> = {};
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.contentType) headers["content-type"] = request.contentType;
  if (signed && request.body !== undefined) headers["x-hub-signature-256"] = `sha256=${crypto.createHmac("sha256", APP_SECRET).update(request.body).digest("hex")}`;
  const res = await fetch(t.url + request.url, { method: request.method, headers, body: request.body, signal: AbortSignal.timeout(15_000) });
  return { status: res.status, text: await res.text() };
}

const clip = (text: unknown) => {
  const s = typeof text === "string" ? text : Buffer.isBuffer(text) ? text.toString("latin1") : JSON.stringify(text);
  return s && s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s;
};

describe("hostile input on every route", () => {
  it("never answers 5xx, and company B's data stays as it was", async () => {
    const doc = (await t.http.get("/openapi.json", a.token)).body;
    const routes = [...routesOf(doc), ...webhookRoutes]
      .filter((r) => !skipped.has(`${r.method} ${r.path}`))
      .filter((r) => !process.env.HOSTILE_ROUTE || process.env.HOSTILE_ROUTE === `${r.method} ${r.path}`)
      // deletions last, so the routes before them still find the records they aim at
      .sort((x, y) => Number(x.method === "DELETE") - Number(y.method === "DELETE"));
    const before = await companySnapshot(t, b.company.id);
    // the comparison at the end means something only if B has records of each kind
    for (const table of ["contacts", "tickets", "messages", "tags", "queues", "users", "whatsapps", "schedules"]) expect(before[table], table).not.toHaveLength(0);
    const started = Date.now();
    let requests = 0;
    const failures: string[] = [];
    for (const route of routes) {
      let failing = "";
      const property = fc.asyncProperty(hostileRequests(route, pools()), fc.boolean(), async (request, signed) => {
        requests++;
        const sent = `${request.method} ${clip(request.url)} ${request.contentType ?? ""} ${clip(request.body)}`;
        const res = await send(request, signed && route.path.startsWith("/webhooks")).catch((err: Error) => ({ status: 599, text: err.message }));
        // the last failure seen is the smallest one once fast-check has shrunk the case
        if (res.status >= 500) failing = `${res.status} ${clip(res.text)} ← ${sent}`;
        return res.status < 500;
      });
      // the time limit only bounds shrinking: a route's runs take well under a second
      const out = await fc.check(property, { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 20_000 });
      if (out.failed) failures.push(`${route.method} ${route.path} (replay: HOSTILE_SEED=${out.seed} HOSTILE_ROUTE="${route.method} ${route.path}")\n  ${failing}`);
    }
    const seconds = (Date.now() - started) / 1000;
    console.info(`hostile input: ${routes.length} routes × ${RUNS} runs, ${requests} requests in ${seconds.toFixed(1)} s`);
    expect(failures).toEqual([]);
    expect(await companySnapshot(t, b.company.id)).toEqual(before);
  }, 180_000);
});

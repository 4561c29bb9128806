import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";

const TOKEN = "prometheus-scrape-token-0123456789";

/** The sample lines of one metric, as "labels value". */
const samples = (text: string, name: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => line.slice(name.length));

async function scrape(t: TestApp, token = TOKEN) {
  const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

describe("GET /metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => t?.close());

  it("refuses a scrape without the token, or with another", async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    const wrong = await scrape(t, "not-the-token-at-all-000000");
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain("balcao_");
  });

  it("counts requests by route pattern, messages per channel, and reads sessions, jobs and events when scraped", async () => {
    const a = await signUpCompany(t.http);
    const wa = await pairedSandbox(t.http, a.token);
    const reply = await customerSays(t.http, wa, "5511955550001", "Oi, tudo bem?");
    await t.http.put(`/tickets/${reply.ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    expect((await t.http.post(`/messages/${reply.ticket.id}`, { body: "Olá! Como posso ajudar?" }, a.token)).status).toBeLessThan(300);
    for (const id of [reply.ticket.id, 999_999]) await t.http.get(`/tickets/${id}`, a.token);

    const { status, type, text } = await scrape(t);
    expect(status).toBe(200);
    expect(type).toContain("text/plain");
    // one series per route pattern, whatever the ids asked for
    expect(samples(text, "balcao_http_requests_total").filter((s) => s.includes('route="/tickets/:id"'))).toEqual(
      expect.arrayContaining([expect.stringContaining('status="200"'), expect.stringContaining('status="404"')]),
    );
    expect(text).not.toContain("/tickets/999999");
    expect(samples(text, "balcao_http_request_duration_seconds_count").some((s) => s.includes('route="/tickets/:id"'))).toBe(true);
    await expect.poll(async () => samples((await scrape(t)).text, "balcao_messages_total")).toEqual(expect.arrayContaining(['{direction="inbound",channel="sandbox"} 1', '{direction="outbound",channel="sandbox"} 1']));
    expect(samples(text, "balcao_channel_sessions")).toContainEqual('{channel="sandbox",status="CONNECTED"} 1');
    expect(samples(text, "balcao_socket_connections")).toEqual([" 0"]);
    expect(samples(text, "balcao_events_waiting")).toHaveLength(1);
    expect(samples(text, "balcao_event_dispatch_lag_seconds")).toHaveLength(1);
    expect(text).toContain("# TYPE balcao_job_queue_depth gauge");
    expect(text).toContain("balcao_process_resident_memory_bytes");
    // no token, no customer's words in the figures
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("tudo bem");
  });
});

describe("without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("has no /metrics", async () => {
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, accept: "application/json" } });
    expect(res.status).toBe(404);
  });
});

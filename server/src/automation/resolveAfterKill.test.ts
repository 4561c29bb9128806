import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freshDatabaseUrl, signUpCompany } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";
import { killAll, startServerProcess, type Cluster, type ServerProcess } from "../test/processes";

/**
 * A real server process killed (SIGKILL) around a resolve that asks for a rating, then started
 * again on the same database: the rating question reaches the customer's phone exactly once.
 */
const onPostgres = !!process.env.DATABASE_URL;
let cluster: Cluster;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ServerProcess;

const QUESTION = "Como foi o atendimento?";
const phoneCopies = async (wa: { id: number; token: string }, number: string) => {
  const res = await server.http.get(`/sandbox/${wa.id}/outbound?number=${number}`, wa.token);
  expect(res.status).toBe(200);
  return (res.body as { body: string }[]).filter((m) => m.body.includes(QUESTION)).length;
};
const until = async (what: string, check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${server?.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  if (!onPostgres) return;
  const db = await freshDatabaseUrl();
  dropDatabase = db.drop;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-kill-"));
  cluster = { databaseUrl: db.url!, dataDir, whatsappLog: path.join(dataDir, "whatsapp-sent.jsonl") };
  server = await startServerProcess(cluster, "first");
});

afterAll(async () => {
  await killAll();
  await dropDatabase?.();
  if (cluster) await fs.rm(cluster.dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)("a resolve whose process is killed", () => {
  it("sends its rating question once, whether the kill came after the answer or before the send", async () => {
    const owner = await signUpCompany(server.http);
    const wa = await pairedSandbox(server.http, owner.token);
    expect((await server.http.put(`/whatsapp/${wa.id}`, { name: wa.name, ratingMessage: QUESTION }, owner.token)).status).toBe(200);
    expect((await server.http.put("/settings/userRating", { value: "enabled" }, owner.token)).status).toBe(200);
    const openTicket = async (number: string) => {
      const { ticket } = await customerSays(server.http, wa, number, "Oi");
      expect((await server.http.put(`/tickets/${ticket.id}`, { status: "open", userId: owner.user.id }, owner.token)).status).toBe(200);
      return ticket.id as number;
    };

    // killed right after the resolve's answer
    const first = await openTicket("5511977770001");
    expect((await server.http.put(`/tickets/${first}`, { status: "closed", userId: owner.user.id }, owner.token)).status).toBe(200);
    await server.kill();
    server = await startServerProcess(cluster, "second");
    await until("the first question", async () => (await phoneCopies(wa, "5511977770001")) >= 1);

    // killed before the send: the sandbox's phone cannot take the message, so the send waits on it
    const second = await openTicket("5511977770002");
    const blocker = new pg.Client({ connectionString: cluster.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table sandbox_messages in exclusive mode");
      const resolve = server.http.put(`/tickets/${second}`, { status: "closed", userId: owner.user.id }, owner.token).catch(() => null);
      const claimed = async () => {
        const { rows } = await blocker.query("select send_status from messages where ticket_id = $1 and from_me and body like $2", [second, `%${QUESTION}%`]);
        return rows[0]?.send_status === "sending";
      };
      await until("the question claimed for sending", claimed);
      await server.kill();
      expect(await resolve).toBeNull(); // no answer: the process died inside the resolve
      // the dead process's waiting statement goes too, as its connection would (else it would run once the lock is gone)
      await blocker.query("select pg_terminate_backend(pid) from pg_locks where relation = 'sandbox_messages'::regclass and not granted");
      await blocker.query("rollback");
    } finally {
      await blocker.end();
    }
    const { rows } = await pgQuery("select status from tickets where id = $1", [second]);
    expect(rows[0].status).toBe("closed");

    server = await startServerProcess(cluster, "third");
    await until("the second question", async () => (await phoneCopies(wa, "5511977770002")) >= 1);
    await new Promise((r) => setTimeout(r, 1_000)); // room for a second copy, were one to come
    expect(await phoneCopies(wa, "5511977770001")).toBe(1);
    expect(await phoneCopies(wa, "5511977770002")).toBe(1);
    const sent = await pgQuery("select count(*)::int as n from messages where from_me and body like $1 and send_status = 'sent'", [`%${QUESTION}%`]);
    expect(sent.rows[0].n).toBe(2);
  });
});

async function pgQuery(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ADMIN, startTestApp, type TestApp } from "./test/harness";
import { customerSays, pairedSandbox } from "./test/conversation";
import { safeError, safeMessage } from "./logging";

const SECRET_TOKEN = "tok-5ecret-connection-token-0123456789abcdef";
const SECRET_PASSWORD = "Pw-5ecret-password-9876";
const SECRET_BODY = "body-5ecret-customer-words";
const SECRET_API_BODY = "api-5ecret-message-text";
const SECRET_PAYMENT_KEY = "pay-5ecret-asaas-key";
const SECRET_SEARCH = "search-5ecret-term";

describe("log lines never hold secrets", () => {
  let t: TestApp;
  let admin: { token: string; user: { id: number } };
  let sandbox: { id: number; token: string };
  let ticketId: number;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    t = await startTestApp({ env: { LOG_LEVEL: "trace" }, build: { logger: true, logStream: stream } });
    admin = await t.http.login(ADMIN.email, ADMIN.password);
    sandbox = await pairedSandbox(t.http, admin.token);
    const { ticket } = await customerSays(t.http, sandbox, "5511988887777", "olá");
    const accepted = await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: admin.user.id }, admin.token);
    expect(accepted.status).toBe(200);
    ticketId = ticket.id;
    // Every write to these tables fails inside the database, as a broken constraint or a full disk would.
    await t.built.ctx.db.execute(sql.raw("create function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'write refused'; end $$"));
    for (const table of ["whatsapps", "users", "messages", "settings"]) {
      await t.built.ctx.db.execute(sql.raw(`create trigger refuse_write before insert or update on ${table} for each row execute function refuse_write()`));
    }
  });
  afterAll(() => t?.close());

  it("database failures on several routes are logged without the values they carried", async () => {
    const failures = [
      await t.http.put(`/whatsapp/${sandbox.id}`, { name: "Sandbox", token: SECRET_TOKEN }, admin.token),
      await t.http.put(`/users/${admin.user.id}`, { password: SECRET_PASSWORD }, admin.token),
      await t.http.post(`/messages/${ticketId}`, { body: SECRET_BODY }, admin.token),
      await t.http.put("/settings/asaas", { value: SECRET_PAYMENT_KEY }, admin.token),
      await t.http.request("POST", "/api/messages/send", { token: sandbox.token, body: { number: "5511988887777", body: SECRET_API_BODY } }),
    ];
    for (const res of failures) expect(res.status, JSON.stringify(res.body)).toBe(500);
    await t.http.get(`/contacts?searchParam=${SECRET_SEARCH}&pageNumber=1`, admin.token);
    await new Promise((r) => setTimeout(r, 50));

    const log = lines.join("\n");
    expect(lines.filter((l) => l.includes('"unhandled error"')).length).toBe(failures.length);
    expect(log).toContain("write refused");
    for (const secret of [SECRET_TOKEN, SECRET_PASSWORD, SECRET_BODY, SECRET_API_BODY, SECRET_PAYMENT_KEY, SECRET_SEARCH, sandbox.token, admin.token, ADMIN.password]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain("params:");
  });
});

describe("safeError", () => {
  it("keeps the kind, code and constraint of a database error and drops its parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: "23505", constraint: "users_email_key", detail: "Key (email)=(a@b.c) already exists." });
    const err = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: a@b.c'), { params: ["a@b.c"], cause });
    const out = JSON.stringify(safeError(err));
    expect(out).toContain("23505");
    expect(out).toContain("users_email_key");
    expect(out).not.toContain("a@b.c");
  });

  it("hides quoted values but keeps quoted names", () => {
    expect(safeMessage('invalid input syntax for type integer: "12ab-secret"')).toBe('invalid input syntax for type integer: "[hidden]"');
    expect(safeMessage('relation "users" does not exist')).toBe('relation "users" does not exist');
  });
});

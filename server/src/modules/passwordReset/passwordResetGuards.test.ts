import { PassThrough } from "node:stream";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { passwordResetCodes } from "../../db/schema";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { codeIn, startMailbox, type Mailbox } from "../../test/mailbox";
import { safePath } from "../../logging";

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox?.close());

const askFrom = (t: TestApp, email: string, address: string) => t.http.request("POST", `/forgetpassword/${encodeURIComponent(email)}`, { headers: { "x-forwarded-for": address } });

describe("password reset limits", () => {
  let t: TestApp;
  // the test client is 127.0.0.1, trusted as a proxy: X-Forwarded-For names the client address
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: mailbox.url, TRUST_PROXY: "127.0.0.1", PASSWORD_RESET_MAX_PER_EMAIL: "2", PASSWORD_RESET_MAX_PER_IP: "4" } });
  });
  afterAll(() => t?.close());

  it("mails one address at most 2 codes an hour, from any client address", async () => {
    const owner = await signUpCompany(t.http);
    expect((await askFrom(t, owner.email, "203.0.113.1")).status).toBe(200);
    expect((await askFrom(t, owner.email, "203.0.113.2")).status).toBe(200);
    const refused = await askFrom(t, owner.email, "203.0.113.3");
    expect(refused).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(mailbox.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(2);
  });

  it("stops one client address after 4 asks and tries, whatever the emails", async () => {
    const address = "198.51.100.7";
    expect((await askFrom(t, "nobody1@example.com", address)).status).toBe(404);
    expect((await askFrom(t, "nobody2@example.com", address)).status).toBe(404);
    const tryFrom = () => t.http.request("POST", "/resetpasswords", { body: { email: "nobody1@example.com", token: "123456", password: "Nova-Senha-9" }, headers: { "x-forwarded-for": address } });
    expect((await tryFrom()).status).toBe(400);
    expect((await tryFrom()).status).toBe(400);
    expect(await tryFrom()).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect(await askFrom(t, "nobody3@example.com", address)).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect((await askFrom(t, "nobody3@example.com", "198.51.100.8")).status).toBe(404);
  });
});

describe("password reset without mail", () => {
  it("answers 503 ERR_MAIL_NOT_CONFIGURED when SMTP_URL is unset", async () => {
    const t = await startTestApp();
    try {
      const owner = await signUpCompany(t.http);
      expect(await t.http.post(`/forgetpassword/${owner.email}`, undefined)).toMatchObject({ status: 503, body: { error: "ERR_MAIL_NOT_CONFIGURED" } });
    } finally {
      await t.close();
    }
  });

  it("answers 503 ERR_MAIL_NOT_SENT when the SMTP server cannot be reached", async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    const t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const owner = await signUpCompany(t.http);
      expect(await t.http.post(`/forgetpassword/${owner.email}`, undefined)).toMatchObject({ status: 503, body: { error: "ERR_MAIL_NOT_SENT" } });
    } finally {
      await t.close();
    }
  });
});

describe("log lines of password reset calls", () => {
  it("never hold the email, the code or the new password of the path", async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    const t = await startTestApp({ env: { SMTP_URL: mailbox.url, LOG_LEVEL: "trace" }, build: { logger: true, logStream: stream } });
    try {
      const owner = await signUpCompany(t.http);
      const seen = mailbox.mails.filter((m) => m.to.includes(owner.email)).length;
      expect((await t.http.post(`/forgetpassword/${encodeURIComponent(owner.email)}`, undefined)).status).toBe(200);
      const code = codeIn(await mailbox.next(owner.email, seen));
      const password = "Segredo-Novo-42";
      expect((await t.http.post(`/resetpasswords/${owner.email}/${code}/${password}`, undefined)).status).toBe(200);
      // a wrong code, a path with a segment missing, another case, an encoded name, a bad percent-escape
      await t.http.post(`/resetpasswords/${owner.email}/000000/${password}`, undefined);
      await t.http.post(`/resetpasswords/${owner.email}/${code}`, undefined);
      await t.http.post(`/ResetPasswords/${owner.email}/${code}/${password}`, undefined);
      await t.http.post(`/%72esetpasswords/${owner.email}/${code}/${password}`, undefined);
      await t.http.post(`/forgetpassword/${owner.email}%E0%A4`, undefined);
      await t.http.post(`/forgetpassword/${owner.email}?lang=pt`, undefined);
      await new Promise((r) => setTimeout(r, 100));
      const log = lines.join("\n");
      expect(log).toContain("/resetpasswords/[hidden]");
      expect(log).toContain("/forgetpassword/[hidden]");
      for (const secret of [owner.email, encodeURIComponent(owner.email), code, password, owner.email.split("@")[0]]) expect(log).not.toContain(secret);
    } finally {
      await t.close();
    }
  });

  it("hides these paths whatever their spelling, and leaves others alone", () => {
    expect(safePath("/forgetpassword/a@b.c")).toBe("/forgetpassword/[hidden]");
    expect(safePath("//resetpasswords//a@b.c/123456/Pw1abcdef")).toBe("/resetpasswords/[hidden]");
    expect(safePath("/FORGETPASSWORD;x=1/a@b.c")).toBe("/forgetpassword/[hidden]");
    expect(safePath("/resetpasswords")).toBe("/resetpasswords");
    expect(safePath("/users/7")).toBe("/users/7");
  });
});

// Codes live in the database: processes of one installation (sharing its secrets, README, Deployment) see the same one.
describe.skipIf(!process.env.DATABASE_URL)("reset codes seen by several processes on one database", () => {
  it("a code asked on one process works once on another, two tries at once spend it once, and it dies after 5 wrong tries from both", async () => {
    const env = { SMTP_URL: mailbox.url, JWT_SECRET: "j".repeat(40), JWT_REFRESH_SECRET: "r".repeat(40), PASSWORD_RESET_MAX_PER_IP: "10000" };
    const first = await startTestApp({ env });
    const second = await startTestApp({ env, databaseUrl: first.config.databaseUrl });
    try {
      const owner = await signUpCompany(first.http);
      const ask = async () => {
        const seen = mailbox.mails.filter((m) => m.to.includes(owner.email)).length;
        expect((await first.http.post(`/forgetpassword/${owner.email}`, undefined)).status).toBe(200);
        return codeIn(await mailbox.next(owner.email, seen));
      };
      const resetOn = (t: TestApp, token: string) => t.http.post("/resetpasswords", { email: owner.email, token, password: "Nova-Senha-9" });
      const code = await ask();
      expect((await resetOn(second, code)).status).toBe(200);
      expect((await resetOn(first, code)).status).toBe(400);

      const together = await ask();
      expect((await Promise.all([resetOn(first, together), resetOn(second, together)])).map((r) => r.status).sort()).toEqual([200, 400]);

      const next = await ask();
      const wrong = next === "000000" ? "000001" : "000000";
      for (let i = 0; i < 5; i++) expect((await resetOn(i % 2 ? first : second, wrong)).status).toBe(400);
      expect((await resetOn(second, next)).status).toBe(400);
      const [row] = await first.built.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, owner.user.id));
      expect(row.tries).toBe(5);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLogs } from "../../db/schema";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { codeIn, startMailbox, type Mailbox } from "../../test/mailbox";

const NEW_PASSWORD = "Nova-Senha-9";
let t: TestApp;
let mailbox: Mailbox;
let clockOffsetMs = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestApp({
    env: { SMTP_URL: mailbox.url, MAIL_FROM: "Balcão <suporte@example.com>", PASSWORD_RESET_MAX_PER_IP: "10000", PASSWORD_RESET_MAX_PER_EMAIL: "10000" },
    build: { now: () => Date.now() + clockOffsetMs },
  });
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

const ask = (email: string, language?: string) => t.http.request("POST", `/forgetpassword/${encodeURIComponent(email)}`, { headers: language ? { "accept-language": language } : {} });
const reset = (email: string, token: string, password = NEW_PASSWORD) => t.http.post("/resetpasswords", { email, token, password });

/** Asks for a code and reads it from the mail it sent. */
async function mailedCode(email: string, language?: string) {
  const seen = mailbox.mails.filter((m) => m.to.includes(email)).length;
  expect((await ask(email, language)).status).toBe(200);
  return { mail: await mailbox.next(email, seen), code: codeIn(await mailbox.next(email, seen)) };
}

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("password reset by a mailed code", () => {
  it("mails a six-digit code in Portuguese, sets the new password with it and closes every session", async () => {
    const owner = await signUpCompany(t.http);
    const other = await t.http.login(owner.email, owner.password);
    const { mail, code } = await mailedCode(owner.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe("Seu código para redefinir a senha");
    expect(mail.text).toContain("15 minutos");

    expect(await reset(owner.email, code)).toMatchObject({ status: 200 });
    for (const session of [owner, other]) {
      expect((await t.http.get("/auth/me", session.token)).status).toBe(401);
      expect((await t.http.request("POST", "/auth/refresh_token", { cookie: session.cookie })).status).toBe(401);
    }
    expect((await t.http.post("/auth/login", { email: owner.email, password: owner.password })).status).toBe(401);
    expect((await t.http.post("/auth/login", { email: owner.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("accepts the spec's call with the email, code and password in the path", async () => {
    const owner = await signUpCompany(t.http);
    const { code } = await mailedCode(owner.email);
    const res = await t.http.post(`/resetpasswords/${encodeURIComponent(owner.email)}/${code}/${NEW_PASSWORD}`, undefined);
    expect(res.status).toBe(200);
    expect((await t.http.post("/auth/login", { email: owner.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("writes the mail in the language the request asks for", async () => {
    const owner = await signUpCompany(t.http);
    expect((await mailedCode(owner.email, "en-US,en;q=0.9")).mail.subject).toBe("Your password reset code");
    expect((await mailedCode(owner.email, "fr-FR, es;q=0.8, en;q=0.5")).mail.subject).toBe("Su código para restablecer la contraseña");
    expect((await mailedCode(owner.email, "de")).mail.subject).toBe("Seu código para redefinir a senha");
  });

  it("answers 404 for an email nobody has, and 400 naming the field for one that is not an email", async () => {
    expect(await ask("nobody-here@example.com")).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await ask("not-an-email")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "email" } });
  });

  it("refuses a wrong code, and the right one still works while tries remain", async () => {
    const owner = await signUpCompany(t.http);
    const { code } = await mailedCode(owner.email);
    expect(await reset(owner.email, wrongCodeOf(code))).toMatchObject({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
    expect(await reset("nobody-here@example.com", code)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
    expect((await reset(owner.email, code)).status).toBe(200);
  });

  it("kills the code after 5 wrong tries", async () => {
    const owner = await signUpCompany(t.http);
    const { code } = await mailedCode(owner.email);
    for (let i = 0; i < 5; i++) expect((await reset(owner.email, wrongCodeOf(code))).status).toBe(400);
    expect(await reset(owner.email, code)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
    expect((await t.http.post("/auth/login", { email: owner.email, password: owner.password })).status).toBe(200);
  });

  it("spends the code on its first use", async () => {
    const owner = await signUpCompany(t.http);
    const { code } = await mailedCode(owner.email);
    const concurrent = await Promise.all([reset(owner.email, code), reset(owner.email, code, "Outra-Senha-7")]);
    expect(concurrent.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await reset(owner.email, code)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
  });

  it("replaces the previous code with a new request", async () => {
    const owner = await signUpCompany(t.http);
    const first = await mailedCode(owner.email);
    const second = await mailedCode(owner.email);
    if (first.code !== second.code) expect((await reset(owner.email, first.code)).status).toBe(400);
    expect((await reset(owner.email, second.code)).status).toBe(200);
  });

  it("lets a code expire after 15 minutes", async () => {
    const owner = await signUpCompany(t.http);
    const { code } = await mailedCode(owner.email);
    clockOffsetMs = 15 * 60_000 + 1_000;
    try {
      expect(await reset(owner.email, code)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
    } finally {
      clockOffsetMs = 0;
    }
    // within the 15 minutes a code works
    const again = await mailedCode(owner.email);
    clockOffsetMs = 14 * 60_000;
    try {
      expect((await reset(owner.email, again.code)).status).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("refuses a weak new password with 400 naming the field, without spending the code", async () => {
    const owner = await signUpCompany(t.http);
    const { code } = await mailedCode(owner.email);
    for (const weak of ["Curta1", "semmaiuscula1", "SEMMINUSCULA1", "SemNumeroAqui"]) {
      expect(await reset(owner.email, code, weak)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "password" } });
    }
    const path = await t.http.post(`/resetpasswords/${encodeURIComponent(owner.email)}/${code}/fraca`, undefined);
    expect(path).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "newPassword" } });
    expect(await reset(owner.email, "12ab")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "token" } });
    expect((await reset(owner.email, code)).status).toBe(200);
  });

  it("records the reset in the audit log without the code or the password", async () => {
    const owner = await signUpCompany(t.http);
    const { code } = await mailedCode(owner.email);
    expect((await reset(owner.email, code)).status).toBe(200);
    await expect.poll(async () => (await t.built.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "user.passwordReset"))).filter((r) => r.userId === owner.user.id).length).toBe(1);
    const [row] = (await t.built.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, "user.passwordReset"))).filter((r) => r.userId === owner.user.id);
    expect(row).toMatchObject({ companyId: owner.user.companyId, entityType: "user", entityId: String(owner.user.id) });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(NEW_PASSWORD);
  });
});

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { passwordResetCodes } from "../../db/schema";
import { freshDatabaseUrl, signUpCompany, startTestApp, type StartOptions, type TestApp } from "../../test/harness";
import { codeIn, startMailbox, type Mailbox } from "../../test/mailbox";

const NEW_PASSWORD = "Nova-Senha-9";
let mailbox: Mailbox;
let dataDir: string;
let fresh: { url?: string; drop?: () => Promise<void> };
let same: StartOptions;
let clockOffsetMs = 0;

beforeAll(async () => {
  mailbox = await startMailbox();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-resets-"));
  fresh = await freshDatabaseUrl();
  // the server's secrets live in DATA_DIR and its rows in the database: both are kept between the two starts
  const env = { SMTP_URL: mailbox.url, PASSWORD_RESET_MAX_PER_IP: "10000", PASSWORD_RESET_MAX_PER_EMAIL: "10000" };
  const now = () => Date.now() + clockOffsetMs;
  same = fresh.url ? { dataDir, databaseUrl: fresh.url, env, build: { now } } : { dataDir, env, build: { now, pgliteDir: path.join(dataDir, "pglite") } };
});
afterAll(async () => {
  await fresh?.drop?.();
  await mailbox?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const ask = (t: TestApp, email: string) => t.http.request("POST", `/forgetpassword/${encodeURIComponent(email)}`);
const reset = (t: TestApp, email: string, token: string, password = NEW_PASSWORD) => t.http.post("/resetpasswords", { email, token, password });
const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function mailedCode(t: TestApp, email: string) {
  const seen = mailbox.mails.filter((m) => m.to.includes(email)).length;
  expect((await ask(t, email)).status).toBe(200);
  return codeIn(await mailbox.next(email, seen));
}

describe("password reset codes in the database", () => {
  it("outlive a restart, keep their wrong tries across it, and the 6th try fails even with the right code", async () => {
    const first = await startTestApp(same);
    let keeper!: Awaited<ReturnType<typeof signUpCompany>>, guessed!: Awaited<ReturnType<typeof signUpCompany>>;
    let keeperCode!: string, guessedCode!: string;
    try {
      keeper = await signUpCompany(first.http);
      guessed = await signUpCompany(first.http);
      keeperCode = await mailedCode(first, keeper.email);
      guessedCode = await mailedCode(first, guessed.email);
      for (let i = 0; i < 3; i++) expect((await reset(first, guessed.email, wrongCodeOf(guessedCode))).status).toBe(400);

      // what is stored: the user's company, an HMAC of the code (never its digits), 15 minutes, the tries
      const [row] = await first.built.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, keeper.user.id));
      expect(row).toMatchObject({ companyId: keeper.company.id, tries: 0, usedAt: null });
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(keeperCode);
      expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    } finally {
      await first.close();
    }

    const second = await startTestApp(same);
    try {
      // the code mailed before the restart still sets the password, once
      expect((await reset(second, keeper.email, keeperCode)).status).toBe(200);
      expect(await reset(second, keeper.email, keeperCode, "Outra-Senha-7")).toMatchObject({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
      expect((await second.http.post("/auth/login", { email: keeper.email, password: NEW_PASSWORD })).status).toBe(200);
      const [spent] = await second.built.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, keeper.user.id));
      expect(spent.usedAt).not.toBeNull();

      // three wrong tries before the restart, two after: the sixth, with the right code, fails
      for (let i = 0; i < 2; i++) expect((await reset(second, guessed.email, wrongCodeOf(guessedCode))).status).toBe(400);
      expect(await reset(second, guessed.email, guessedCode)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_RESET_CODE" } });
      expect((await second.http.post("/auth/login", { email: guessed.email, password: guessed.password })).status).toBe(200);
      expect((await second.http.post("/auth/login", { email: guessed.email, password: NEW_PASSWORD })).status).toBe(401);

      // a new request gives a new code, with its own five tries
      const again = await mailedCode(second, guessed.email);
      const rows = await second.built.ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, guessed.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ tries: 0, usedAt: null });
      expect((await reset(second, guessed.email, again)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it("drops expired codes when a code is asked for", async () => {
    const t = await startTestApp(same);
    try {
      const old = await signUpCompany(t.http);
      const later = await signUpCompany(t.http);
      const oldCode = await mailedCode(t, old.email);
      clockOffsetMs = 15 * 60_000 + 1_000;
      await mailedCode(t, later.email);
      const left = await t.built.ctx.db.select().from(passwordResetCodes);
      expect(left.map((r) => r.userId)).not.toContain(old.user.id);
      expect(left.map((r) => r.userId)).toContain(later.user.id);
      expect(left.every((r) => r.expiresAt.getTime() > Date.now() + clockOffsetMs)).toBe(true);
      expect((await reset(t, old.email, oldCode)).status).toBe(400);
    } finally {
      clockOffsetMs = 0;
      await t.close();
    }
  });
});

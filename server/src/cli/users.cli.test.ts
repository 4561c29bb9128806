import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../test/harness";
import { auditRows, run } from "../test/cliRun";
import { runCli } from "./program";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("balcao create-super-user", () => {
  it("creates a super user of the platform's company who signs in, recorded as the command line's act", async () => {
    const email = `${unique("ops")}@example.com`;
    const r = await run(t, ["create-super-user", "--email", email.toUpperCase(), "--name", "Operator", "--password", "long-enough-1"]);
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toMatch(new RegExp(`Created super user ${email} \\(id \\d+\\) in company 1`));
    const [row] = await t.built.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ companyId: 1, super: true, profile: "admin", name: "Operator" });
    const login = await t.http.login(email, "long-enough-1");
    expect(login.user.super).toBe(true);
    const trail = (await auditRows(t, "user.created")).filter((a) => a.entityId === String(row.id));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ userId: null, details: { source: "cli", email } });
  });

  it("prints a generated password when none is given", async () => {
    const email = `${unique("ops")}@example.com`;
    const r = await run(t, ["create-super-user", "--email", email]);
    expect(r.code).toBe(0);
    const password = /Password: (\S+)/.exec(r.out)?.[1];
    expect(password).toBeTruthy();
    await t.http.login(email, password!);
  });

  it("fails on a taken email, a bad email and a short password, changing nothing", async () => {
    const before = (await t.built.ctx.db.select().from(users)).length;
    expect(await run(t, ["create-super-user", "--email", ADMIN.email, "--password", "long-enough-1"])).toMatchObject({ code: 1, err: expect.stringContaining("already exists") });
    expect(await run(t, ["create-super-user", "--email", "not-an-email"])).toMatchObject({ code: 1, err: expect.stringContaining("not an email address") });
    expect(await run(t, ["create-super-user", "--email", "x@example.com", "--password", "short"])).toMatchObject({ code: 1, err: expect.stringContaining("at least 8") });
    expect(await run(t, ["create-super-user"])).toMatchObject({ code: 1, err: expect.stringContaining("--email") });
    expect((await t.built.ctx.db.select().from(users)).length).toBe(before);
  });
});

describe("balcao reset-password", () => {
  it("sets the password, ends the user's sessions and leaves a trail", async () => {
    const owner = await signUpCompany(t.http);
    const r = await run(t, ["reset-password", "--email", owner.email], { BALCAO_PASSWORD: "brand-new-pass" });
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Set a new password for ${owner.email}`);
    expect(r.out).toContain("1 session(s) ended");
    expect(r.out).not.toContain("Password:");
    expect((await t.http.post("/auth/login", { email: owner.email, password: owner.password })).status).not.toBe(200);
    await t.http.login(owner.email, "brand-new-pass");
    expect((await t.http.request("POST", "/auth/refresh_token", { cookie: owner.cookie })).status).not.toBe(200);
    const trail = (await auditRows(t, "user.passwordReset")).filter((a) => a.details.email === owner.email);
    expect(trail).toMatchObject([{ userId: null, details: { source: "cli", closedSessions: 1 } }]);
  });

  it("fails for an unknown user", async () => {
    const r = await run(t, ["reset-password", "--email", "nobody@example.com", "--password", "long-enough-1"]);
    expect(r).toMatchObject({ code: 1, err: "Error: no user has the email nobody@example.com" });
  });
});

describe("balcao list-companies, migrate and help", () => {
  it("lists every company, as a table or JSON", async () => {
    const { company } = await signUpCompany(t.http);
    const table = await run(t, ["list-companies"]);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(new RegExp(`^${company.id}\\t${company.name}\\tactive\\t`, "m"));
    const json = await run(t, ["list-companies", "--json"]);
    expect(JSON.parse(json.out)).toEqual(expect.arrayContaining([expect.objectContaining({ id: company.id, name: company.name, active: true })]));
  });

  it("migrates an up-to-date database without applying anything", async () => {
    const r = await run(t, ["migrate"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/up to date: 0 migration\(s\) applied, \d+ in all/);
  });

  it("explains each command with --help and refuses an unknown one", async () => {
    for (const command of ["create-super-user", "reset-password", "list-companies", "migrate", "rotate-channel-key", "export-company", "erase-contact", "delete-company"]) {
      const r = await run(t, [command, "--help"]);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Usage: balcao ${command}`);
    }
    const r = await run(t, ["no-such-command"]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("unknown command 'no-such-command'");
  });

  it("refuses the embedded database while another process has it open", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-cli-"));
    await fs.mkdir(path.join(dataDir, "pglite"));
    await fs.writeFile(path.join(dataDir, "pglite", "postmaster.pid"), "-42\n");
    const err: string[] = [];
    const code = await runCli(["list-companies"], { env: { DATA_DIR: dataDir }, out: () => undefined, err: (l) => err.push(l) });
    await fs.rm(dataDir, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(err.join("\n")).toContain("is open in another process: stop the server first");
  });

  it("fails with the configuration's own message", async () => {
    const r = await run(t, ["list-companies"], { CHANNEL_KEY: "short" });
    expect(r).toMatchObject({ code: 1, err: expect.stringContaining("CHANNEL_KEY must be 32 bytes") });
  });
});

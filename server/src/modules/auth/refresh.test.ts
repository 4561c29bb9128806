import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { refreshCookie, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { ROTATION_GRACE_MS } from "./sessions";

describe("POST /auth/refresh_token", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const refresh = (cookie: string) => t.http.request("POST", "/auth/refresh_token", { cookie });
  /** Makes the session's last rotation look `ms` older than it was. */
  const ageRotation = (ms: number) => t.built.ctx.db.execute(sql.raw(`update user_sessions set expires_at = expires_at - interval '${ms} milliseconds'`));

  it("rotates the cookie; the new one works", async () => {
    const owner = await signUpCompany(t.http);
    const first = await refresh(owner.cookie);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: owner.email, company: { id: owner.company.id } });
    const rotated = refreshCookie(first.headers)!;
    expect(rotated).not.toBe(owner.cookie);
    expect((await t.http.get("/auth/me", first.body.token)).status).toBe(200);
    expect((await refresh(rotated)).status).toBe(200);
  });

  it("answers five simultaneous refreshes with one cookie alike, and the session lives on", async () => {
    const owner = await signUpCompany(t.http);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(owner.cookie)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect((await t.http.get("/auth/me", a.body.token)).status).toBe(200);
    // every answer carries the same next secret: any of their cookies refreshes again
    const cookies = answers.map((a) => refreshCookie(a.headers)!);
    expect((await refresh(cookies[3])).status).toBe(200);
  });

  it("takes a replay after the grace window for a copied token and closes the session", async () => {
    const owner = await signUpCompany(t.http);
    const first = await refresh(owner.cookie);
    const rotated = refreshCookie(first.headers)!;
    await ageRotation(ROTATION_GRACE_MS + 1_000);

    const replay = await refresh(owner.cookie);
    expect(replay).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
    // the replay closed the session: the fresh cookie and token are dead too
    expect((await refresh(rotated)).status).toBe(401);
    expect((await t.http.get("/auth/me", first.body.token)).status).toBe(401);
  });

  it("refuses a token two rotations old even within the window", async () => {
    const owner = await signUpCompany(t.http);
    const second = refreshCookie((await refresh(owner.cookie)).headers)!;
    expect((await refresh(second)).status).toBe(200);
    expect((await refresh(owner.cookie)).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
let superToken: string;
let superCompanyId: number;

beforeAll(async () => {
  t = await startTestApp();
  const session = await t.http.login(ADMIN.email, ADMIN.password);
  superToken = session.token;
  superCompanyId = session.user.companyId;
});
afterAll(async () => t?.close());

const eventOf = (companyId: number) => `company-${companyId}-announcement`;

describe("the announcement event", () => {
  it("reaches the signed-in users of every company live: create, update and delete", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const attendant = await createAttendant(t, b.token);
    const sockets = [await connectSocket(t.url, a.token), await connectSocket(t.url, attendant.token), await connectSocket(t.url, superToken)];
    const companies = [a.company.id, b.company.id, superCompanyId];
    const next = (match: (p: any) => boolean) => Promise.all(sockets.map((s, i) => nextEvent(s, eventOf(companies[i]), 3_000, match)));
    try {
      const created = next((p) => p.action === "create");
      const record = (await t.http.post("/announcements", { title: "Novidade", text: "Chegou o novo painel", priority: 2 }, superToken)).body;
      for (const payload of await created) expect(payload).toEqual({ action: "create", record });

      const updated = next((p) => p.action === "update");
      await t.http.put(`/announcements/${record.id}`, { title: "Novidade!", text: "Chegou o novo painel", priority: 1 }, superToken);
      for (const payload of await updated) expect(payload).toMatchObject({ action: "update", record: { id: record.id, title: "Novidade!", priority: 1 } });

      const deleted = next((p) => p.action === "delete");
      await t.http.del(`/announcements/${record.id}`, superToken);
      for (const payload of await deleted) expect(payload).toEqual({ action: "delete", id: record.id });
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it("keeps an inactive announcement to the super users: everyone else is told to drop it", async () => {
    const a = await signUpCompany(t.http);
    const user = await connectSocket(t.url, a.token);
    const boss = await connectSocket(t.url, superToken);
    try {
      const userHears = nextEvent(user, eventOf(a.company.id), 3_000);
      const bossHears = nextEvent(boss, eventOf(superCompanyId), 3_000);
      const draft = (await t.http.post("/announcements", { title: "Rascunho secreto", text: "ainda não", status: false }, superToken)).body;
      expect(await bossHears).toEqual({ action: "create", record: draft });
      expect(await userHears).toEqual({ action: "delete", id: draft.id });

      const published = nextEvent(user, eventOf(a.company.id), 3_000);
      await t.http.put(`/announcements/${draft.id}`, { title: "Rascunho secreto", text: "agora sim", status: true }, superToken);
      expect(await published).toMatchObject({ action: "update", record: { id: draft.id, status: true, text: "agora sim" } });
    } finally {
      user.close();
      boss.close();
    }
  });

  it("never reaches a socket without a valid token: it cannot connect", async () => {
    await expect(connectSocket(t.url, "")).rejects.toThrow();
    await expect(connectSocket(t.url, "not.a.token")).rejects.toThrow();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

const asMap = (list: { key: string; value: string }[]) => Object.fromEntries(list.map((s) => [s.key, s.value]));

describe("GET /settings", () => {
  it("lists the company's settings with their defaults", async () => {
    const res = await t.http.get("/settings", a.token);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ id: expect.any(Number), key: expect.any(String), value: expect.any(String), companyId: a.company.id });
    expect(asMap(res.body)).toMatchObject({
      userRating: "disabled",
      scheduleType: "disabled",
      CheckMsgIsGroup: "enabled",
      call: "disabled",
      chatBotType: "text",
      sendGreetingAccepted: "disabled",
      sendMsgTransfTicket: "disabled",
      sendGreetingMessageOneQueues: "disabled",
      campaignsEnabled: "true",
    });
  });

  it("requires a session", async () => {
    expect((await t.http.get("/settings")).status).toBe(401);
  });
});

describe("PUT /settings/:key", () => {
  it("saves a value for the admin's company only and tells that company", async () => {
    const socketA = await connectSocket(t.url, a.token);
    const socketB = await connectSocket(t.url, b.token);
    const seenByA = nextEvent(socketA, `company-${a.company.id}-settings`);
    const seenByB = nextEvent(socketB, `company-${a.company.id}-settings`, 700);
    const res = await t.http.put("/settings/sendGreetingAccepted", { key: "sendGreetingAccepted", value: "enabled" }, a.token);
    expect(res).toMatchObject({ status: 200, body: { key: "sendGreetingAccepted", value: "enabled", companyId: a.company.id } });
    expect(await seenByA).toMatchObject({ action: "update", setting: { key: "sendGreetingAccepted", value: "enabled" } });
    expect(await seenByB).toBeNull();
    socketA.close();
    socketB.close();
    expect(asMap((await t.http.get("/settings", a.token)).body).sendGreetingAccepted).toBe("enabled");
    expect(asMap((await t.http.get("/settings", b.token)).body).sendGreetingAccepted).toBe("disabled");
  });

  it.each([
    ["userRating", "maybe"],
    ["scheduleType", "always"],
    ["chatBotType", "button"],
    ["call", ""],
  ])("refuses %s=%j with a 400 naming value, changing nothing", async (key, value) => {
    const before = asMap((await t.http.get("/settings", a.token)).body)[key];
    expect(await t.http.put(`/settings/${key}`, { value }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "value" } });
    expect(asMap((await t.http.get("/settings", a.token)).body)[key]).toBe(before);
  });

  it("refuses an unknown key, a missing value, and non-admins", async () => {
    expect(await t.http.put("/settings/notAThing", { value: "x" }, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_SETTING_FOUND" } });
    expect(await t.http.put("/settings/userRating", {}, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "value" } });
    const attendant = { name: "Joao", email: `${unique("joao")}@example.com`, password: "secret1", profile: "user" };
    await t.http.post("/users", attendant, a.token);
    const { token } = await t.http.login(attendant.email, attendant.password);
    expect(await t.http.put("/settings/userRating", { value: "enabled" }, token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.get("/settings", token)).status).toBe(200);
  });

  it("keeps the payment token (asaas) for super users: hidden from others and not writable by them", async () => {
    expect(await t.http.put("/settings/asaas", { value: "tok_123" }, a.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const admin = await t.http.login(ADMIN.email, ADMIN.password);
    expect(await t.http.put("/settings/asaas", { value: "tok_123" }, admin.token)).toMatchObject({ status: 200, body: { value: "tok_123" } });
    expect(asMap((await t.http.get("/settings", admin.token)).body).asaas).toBe("tok_123");
  });
});

import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../test/harness";

/** Cases the property test (hostileInput.test.ts) found, kept as plain examples. */
let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let superToken: string;
let cloudId: number;
const APP_SECRET = "findings-app-secret";
const PHONE_NUMBER_ID = "5550001111";

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
  const cloud = { phoneNumberId: PHONE_NUMBER_ID, verifyToken: "findings-verify", appSecret: APP_SECRET, accessToken: "token" };
  cloudId = (await t.http.post("/whatsapp", { name: "Nuvem", channel: "cloud", cloud }, a.token)).body.id;
});
afterAll(async () => t?.close());

const invalid = (field: string) => ({ status: 400, body: { error: "ERR_VALIDATION", field, message: expect.stringMatching(new RegExp(`^${field}: `)) } });
const newUser = (companyId: unknown) => ({ name: "Ana Maria", email: `${unique("ana")}@example.com`, password: "secret1", companyId });
const raw = (path: string, token: string, body: string) =>
  fetch(t.url + path, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body }).then(async (res) => ({ status: res.status, body: await res.json() }));

describe("POST /users with a companyId that is no id", () => {
  it("answers 400 naming companyId, for an admin and for a super user", async () => {
    for (const companyId of ["abc", 2 ** 40, -3, [a.company.id], { id: a.company.id }]) {
      expect(await t.http.post("/users", newUser(companyId), superToken)).toMatchObject(invalid("companyId"));
    }
  });

  it("still lets a super user name a company by its id, as a number or a numeric string", async () => {
    expect(await t.http.post("/users", newUser(String(a.company.id)), superToken)).toMatchObject({ status: 201, body: { companyId: a.company.id } });
    expect(await t.http.post("/users", newUser(null), a.token)).toMatchObject({ status: 201, body: { companyId: a.company.id } });
  });
});

const deep = "[".repeat(100_000) + "]".repeat(100_000);

describe("a JSON body nested far deeper than any form", () => {
  it("answers 400 naming where, before any route prints it", async () => {
    const res = await raw("/users", a.token, JSON.stringify(newUser(0)).replace('"companyId":0', `"companyId":${deep}`));
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: expect.stringMatching(/^companyId(\.0)+$/) } });
    expect(await raw("/quick-messages", a.token, `{"shortcode":"fundo","isMedia":${deep}}`)).toMatchObject({ status: 400, body: { field: expect.stringMatching(/^isMedia\./) } });
  });
});

describe("a signed Cloud API delivery of a shape Meta never sends", () => {
  const deliver = (value: string) => {
    const body = `{"entry":[{"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":"${PHONE_NUMBER_ID}"},${value}}}]}]}`;
    const signature = `sha256=${crypto.createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
    return fetch(`${t.url}/webhooks/whatsapp-cloud/${cloudId}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body }).then((res) => res.status);
  };
  const text = (extra = "") => `{"id":"wamid.${unique("x")}","from":"5511999990001","type":"text","text":{"body":"oi"}${extra}}`;

  it("reads a list that is not a list as an empty one", async () => {
    expect(await deliver(`"messages":[],"contacts":{}`)).toBe(200);
    expect(await deliver(`"messages":{"0":${text()}}`)).toBe(200);
    expect(await deliver(`"statuses":"read"`)).toBe(200);
    expect(await deliver(`"messages":[{"id":"wamid.v1","from":"5511999990001","type":"contacts","contacts":{"name":"x"}}]`)).toBe(200);
  });

  it("answers 400 to one nested far too deep, whatever field holds it", async () => {
    expect(await deliver(`"contacts":[{"wa_id":"5511999990001","profile":{"name":${deep}}}],"messages":[${text()}]`)).toBe(400);
    expect(await deliver(`"statuses":[{"id":${deep},"status":"read"}]`)).toBe(400);
  });
});

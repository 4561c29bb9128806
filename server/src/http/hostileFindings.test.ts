import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../test/harness";

/** Cases the property test (hostileInput.test.ts) found, kept as plain examples. */
let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let superToken: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => t?.close());

const invalid = (field: string) => ({ status: 400, body: { error: "ERR_VALIDATION", field, message: expect.stringMatching(new RegExp(`^${field}: `)) } });
const newUser = (companyId: unknown) => ({ name: "Ana Maria", email: `${unique("ana")}@example.com`, password: "secret1", companyId });
const raw = (path: string, token: string, body: string) =>
  fetch(t.url + path, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body }).then(async (res) => ({ status: res.status, body: await res.json() }));

describe("POST /users with a companyId that is no id", () => {
  it("answers 400 naming companyId, for an admin and for a super user", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(await raw("/users", a.token, JSON.stringify(newUser(0)).replace('"companyId":0', `"companyId":${deep}`))).toMatchObject(invalid("companyId"));
    for (const companyId of ["abc", 2 ** 40, -3, [a.company.id], { id: a.company.id }]) {
      expect(await t.http.post("/users", newUser(companyId), superToken)).toMatchObject(invalid("companyId"));
    }
  });

  it("still lets a super user name a company by its id, as a number or a numeric string", async () => {
    expect(await t.http.post("/users", newUser(String(a.company.id)), superToken)).toMatchObject({ status: 201, body: { companyId: a.company.id } });
    expect(await t.http.post("/users", newUser(null), a.token)).toMatchObject({ status: 201, body: { companyId: a.company.id } });
  });
});

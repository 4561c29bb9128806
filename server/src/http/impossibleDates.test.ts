import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { insertContact } from "../test/workspaceFixtures";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let contactId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  contactId = (await insertContact(t, a.company.id)).id;
});
afterAll(async () => t?.close());

const invalid = (field: string) => ({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: Invalid value` } });

describe("an impossible date", () => {
  it.each([
    ["/tickets?date=2024-99-99", "date"],
    ["/tickets?updatedAt=2024-02-30", "updatedAt"],
    ["/contacts?date=2024-02-30", "date"],
    ["/contacts?dateStart=2023-02-29", "dateStart"],
    ["/contacts?dateEnd=2024-04-31", "dateEnd"],
    ["/dashboard?date_from=2024-99-99", "date_from"],
    ["/dashboard/ticketsUsers?initialDate=2024-02-30&finalDate=2024-03-10", "initialDate"],
    ["/dashboard/ticketsDay?initialDate=2024-03-01&finalDate=2024-13-01", "finalDate"],
  ])("in GET %s answers 400 naming the field", async (url, field) => {
    expect(await t.http.get(url, a.token)).toMatchObject(invalid(field));
  });

  it("as a schedule's send time answers 400 and changes nothing", async () => {
    expect(await t.http.post("/schedules", { body: "Lembrete do dia", contactId, sendAt: "2031-02-30T10:00" }, a.token)).toMatchObject(invalid("sendAt"));
    const created = await t.http.post("/schedules", { body: "Lembrete do dia", contactId, sendAt: "2031-02-28T10:00" }, a.token);
    expect(created.status).toBe(201);
    expect(await t.http.put(`/schedules/${created.body.id}`, { body: "Outro texto", contactId, sendAt: "2031-06-31T10:00" }, a.token)).toMatchObject(invalid("sendAt"));
    expect((await t.http.get(`/schedules/${created.body.id}`, a.token)).body).toMatchObject({ body: "Lembrete do dia", sendAt: created.body.sendAt });
    expect((await t.http.get("/schedules", a.token)).body.count).toBe(1);
  });

  it("leaves real days working", async () => {
    expect((await t.http.get("/tickets?date=2024-02-29&updatedAt=", a.token)).status).toBe(200);
    expect((await t.http.get("/contacts?dateStart=2024-02-29&dateEnd=2024-03-01", a.token)).status).toBe(200);
  });
});

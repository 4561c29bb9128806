import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_SCHEDULES } from "@balcao/common";
import { ADMIN, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const hours = DEFAULT_QUEUE_SCHEDULES.map((d) => ({ ...d, startTime: "09:00", endTime: d.weekdayEn === "sunday" ? "00:00" : "17:30" }));

describe("company hours", () => {
  it("start empty and are saved by the company's admin through PUT /companies/:id/schedules", async () => {
    const a = await signUpCompany(t.http);
    expect(await t.http.get(`/companies/${a.company.id}`, a.token)).toMatchObject({ status: 200, body: { id: a.company.id, name: a.company.name, schedules: [] } });
    const res = await t.http.put(`/companies/${a.company.id}/schedules`, { id: a.company.id, schedules: hours }, a.token);
    expect(res).toMatchObject({ status: 200, body: { id: a.company.id, schedules: hours } });
    expect((await t.http.get(`/companies/${a.company.id}`, a.token)).body.schedules).toEqual(hours);
  });

  it("validate every entry, naming the field", async () => {
    const a = await signUpCompany(t.http);
    const put = (schedules: unknown) => t.http.put(`/companies/${a.company.id}/schedules`, { id: a.company.id, schedules }, a.token);
    expect(await put([{ ...hours[0], startTime: "9:00" }])).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "schedules.0.startTime" } });
    expect(await put([hours[0], { ...hours[1], endTime: "18:75" }])).toMatchObject({ status: 400, body: { field: "schedules.1.endTime" } });
    expect(await put([{ ...hours[0], weekdayEn: "segunda" }])).toMatchObject({ status: 400, body: { field: "schedules.0.weekdayEn" } });
    expect(await put("all day")).toMatchObject({ status: 400, body: { field: "schedules" } });
    expect((await t.http.get(`/companies/${a.company.id}`, a.token)).body.schedules).toEqual([]);
  });

  it("are refused to attendants and to another company's admin; the super user may set any company's", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    const body = { id: a.company.id, schedules: hours };
    expect(await t.http.put(`/companies/${a.company.id}/schedules`, body, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.put(`/companies/${a.company.id}/schedules`, body, b.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.get(`/companies/${a.company.id}`, b.token)).toMatchObject({ status: 403 });
    expect(await t.http.get(`/companies/${a.company.id}`, attendant.token)).toMatchObject({ status: 403 });
    expect((await t.http.get(`/companies/${a.company.id}`, a.token)).body.schedules).toEqual([]);

    const root = await t.http.login(ADMIN.email, ADMIN.password);
    expect(await t.http.put(`/companies/${a.company.id}/schedules`, body, root.token)).toMatchObject({ status: 200, body: { schedules: hours } });
    expect(await t.http.put("/companies/999999/schedules", body, root.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
  });
});

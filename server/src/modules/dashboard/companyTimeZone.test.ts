import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { insertContact, insertTicket } from "../../test/workspaceFixtures";
import { ticketTrackings } from "../../db/schema";

/** The dashboard's and the charts' days and hours are the company's, set in its `timeZone` setting. */
let t: TestApp;
let tokyo: Awaited<ReturnType<typeof signUpCompany>>;
let server: Awaited<ReturnType<typeof signUpCompany>>;

async function cycle(companyId: number, queuedAt: Date, finishedAt: Date) {
  const contact = await insertContact(t, companyId, { createdAt: new Date("2023-06-01T00:00:00Z") });
  const ticket = await insertTicket(t, companyId, contact.id, { status: "closed", userId: null });
  await t.built.ctx.db.insert(ticketTrackings).values({ companyId, ticketId: ticket.id, queuedAt, startedAt: queuedAt, finishedAt });
}

beforeAll(async () => {
  t = await startTestApp();
  tokyo = await signUpCompany(t.http);
  server = await signUpCompany(t.http);
  expect(await t.http.put("/settings/timeZone", { value: "Asia/Tokyo" }, tokyo.token)).toMatchObject({ status: 200, body: { value: "Asia/Tokyo" } });
  // 20:00 UTC on the 12th is 05:00 on the 13th in Tokyo (UTC+9, no clock changes)
  for (const company of [tokyo, server]) await cycle(company.company.id, new Date("2024-01-12T20:00:00Z"), new Date("2024-01-12T20:30:00Z"));
});
afterAll(async () => t?.close());

describe("the company's time zone", () => {
  it("places arrivals on the company's day and hour", async () => {
    const day = await t.http.get("/dashboard/ticketsDay?initialDate=2024-01-13&finalDate=2024-01-13", tokyo.token);
    expect(day.body).toEqual({ data: [{ horario: "05", total: 1 }], count: 1 });
    expect((await t.http.get("/dashboard/ticketsDay?initialDate=2024-01-12&finalDate=2024-01-12", tokyo.token)).body).toEqual({ data: [], count: 0 });
    // a company that never chose a zone counts in the server's
    const local = new Date("2024-01-12T20:00:00Z");
    const localDay = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`;
    const other = await t.http.get(`/dashboard/ticketsDay?initialDate=${localDay}&finalDate=${localDay}`, server.token);
    expect(other.body).toEqual({ data: [{ horario: String(local.getHours()).padStart(2, "0"), total: 1 }], count: 1 });
  });

  it("bounds the dashboard's days at the company's midnight", async () => {
    const finished = async (company: typeof tokyo, date: string) => (await t.http.get(`/dashboard?date_from=${date}&date_to=${date}`, company.token)).body.counters.supportFinished;
    expect(await finished(tokyo, "2024-01-13")).toBe(1);
    expect(await finished(tokyo, "2024-01-12")).toBe(0);
  });

  it("refuses a zone the runtime does not know, naming the value, and changes nothing", async () => {
    expect(await t.http.put("/settings/timeZone", { value: "Mars/Olympus" }, tokyo.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "value" } });
    const settings = (await t.http.get("/settings", tokyo.token)).body as { key: string; value: string }[];
    expect(settings.find((s) => s.key === "timeZone")?.value).toBe("Asia/Tokyo");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { ticketTrackings } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let w: Awaited<ReturnType<typeof pairedSandbox>>;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  w = await pairedSandbox(t.http, a.token);
});
afterAll(async () => t?.close());

const cycles = (ticketId: number) =>
  t.built.ctx.db
    .select({ firstResponseAt: ticketTrackings.firstResponseAt, finishedAt: ticketTrackings.finishedAt })
    .from(ticketTrackings)
    .where(and(eq(ticketTrackings.companyId, a.company.id), eq(ticketTrackings.ticketId, ticketId)))
    .orderBy(ticketTrackings.id);

describe("first response of a service cycle", () => {
  it("is the attendant's first message, kept once per cycle, and a reopened ticket starts a new one", async () => {
    const { ticket } = await customerSays(t.http, w, "5521977000001", "Oi");
    expect((await cycles(ticket.id))[0].firstResponseAt).toBeNull();
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    expect((await t.http.post(`/messages/${ticket.id}`, { body: "Olá!" }, a.token)).status).toBe(200);
    const [first] = await cycles(ticket.id);
    expect(first.firstResponseAt).toBeInstanceOf(Date);
    expect((await t.http.post(`/messages/${ticket.id}`, { body: "Como posso ajudar?" }, a.token)).status).toBe(200);
    expect((await cycles(ticket.id))[0].firstResponseAt).toEqual(first.firstResponseAt);

    await t.http.put(`/tickets/${ticket.id}`, { status: "closed" }, a.token);
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    const all = await cycles(ticket.id);
    expect(all.length).toBe(2);
    expect(all[1].firstResponseAt).toBeNull();
  });
});

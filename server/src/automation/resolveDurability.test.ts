import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";
import { domainEvents, messages, ticketTrackings, tickets } from "../db/schema";
import { redeliverPending } from "./outbox";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("a resolve that stops right after its commit", () => {
  it("has its rating question stored with it, sent once after restart", async () => {
    const a = await signUpCompany(t.http);
    const wa = await pairedSandbox(t.http, a.token);
    expect((await t.http.put(`/whatsapp/${wa.id}`, { name: wa.name, ratingMessage: "Como foi?" }, a.token)).status).toBe(200);
    expect((await t.http.put("/settings/userRating", { key: "userRating", value: "enabled" }, a.token)).status).toBe(200);
    const number = "5511977770001";
    const { ticket } = await customerSays(t.http, wa, number, "Oi");
    expect((await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token)).status).toBe(200);

    // the process stops between the commit and anything after it: nothing runs past the commit
    const events = t.built.ctx.events;
    await events.drain(); // what came before is marked dispatched
    const dispatch = events.dispatch;
    events.dispatch = () => {
      throw new Error("stopped after commit");
    };
    try {
      expect((await t.http.put(`/tickets/${ticket.id}`, { status: "closed", userId: a.user.id }, a.token)).status).toBe(500);
    } finally {
      events.dispatch = dispatch;
    }

    const db = t.built.ctx.db;
    const [closed] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(closed.status).toBe("closed");
    const [cycle] = await db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(cycle.finishedAt).not.toBeNull();
    const question = await db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(question).toHaveLength(1);
    expect(question[0]).toMatchObject({ sendStatus: "pending" });
    expect(question[0].body).toContain("Como foi?");

    // its events committed with it, waiting for a dispatcher
    const recorded = await db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.stream, `ticket:${ticket.id}`), isNull(domainEvents.givenUpAt)));
    expect(recorded.map((e) => e.type)).toEqual(["ticket.updated", "message.created", "ticket.updated"]);

    // after restart the sweep sends it, once, however often it runs
    await Promise.all([redeliverPending(t.built.ctx, 0), redeliverPending(t.built.ctx, 0)]);
    await redeliverPending(t.built.ctx, 0);
    const phone = await t.http.get(`/sandbox/${wa.id}/outbound?number=${number}`, wa.token);
    expect(phone.body.map((m: { body: string }) => m.body).filter((b: string) => b.includes("Como foi?"))).toHaveLength(1);
  });
});

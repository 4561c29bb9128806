import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { messages } from "../../db/schema";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpCompany>>;
let attendant: Awaited<ReturnType<typeof createAttendant>>;
let w: Awaited<ReturnType<typeof pairedSandbox>>;
let queueId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signUpCompany(t.http);
  w = await pairedSandbox(t.http, admin.token);
  queueId = (await t.http.post("/queue", { name: unique("Suporte "), color: "#43a047" }, admin.token)).body.id;
  attendant = await createAttendant(t, admin.token, { queueIds: [queueId] });
});
afterAll(async () => t?.close());

/** A conversation in the attendant's queue, open; answers the id of the message each writer sent. */
async function conversationWithReplies() {
  const number = `5521${String(Date.now()).slice(-9)}`;
  const { ticket, message: customer } = await customerSays(t.http, w, number, "Olá");
  expect((await t.http.put(`/tickets/${ticket.id}`, { status: "open", queueId, userId: attendant.id }, admin.token)).status).toBe(200);
  const sent = async (body: string, token: string) => {
    expect((await t.http.post(`/messages/${ticket.id}`, { body }, token)).status).toBe(200);
    return (await t.http.get(`/messages/${ticket.id}`, admin.token)).body.messages.at(-1).id as number;
  };
  return { ticket, customer: customer.id as number, byAdmin: await sent("resposta do admin", admin.token), byAttendant: await sent("resposta do atendente", attendant.token) };
}

const isDeleted = async (id: number) => (await t.built.ctx.db.select({ isDeleted: messages.isDeleted }).from(messages).where(eq(messages.id, id)))[0].isDeleted;

describe("DELETE /messages/:id deletes only the caller's own messages", () => {
  it("refuses an attendant the admin's message, and the admin the attendant's", async () => {
    const c = await conversationWithReplies();
    expect(await t.http.del(`/messages/${c.byAdmin}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/messages/${c.byAttendant}`, admin.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await isDeleted(c.byAdmin)).toBe(false);
    expect(await isDeleted(c.byAttendant)).toBe(false);
  });

  it("lets each delete his own", async () => {
    const c = await conversationWithReplies();
    expect((await t.http.del(`/messages/${c.byAttendant}`, attendant.token)).status).toBe(200);
    expect((await t.http.del(`/messages/${c.byAdmin}`, admin.token)).status).toBe(200);
    expect([await isDeleted(c.byAttendant), await isDeleted(c.byAdmin)]).toEqual([true, true]);
  });

  it("refuses everybody the customer's messages and those sent without a user", async () => {
    const c = await conversationWithReplies();
    await t.built.ctx.db.update(messages).set({ userId: null }).where(eq(messages.id, c.byAdmin));
    for (const id of [c.customer, c.byAdmin]) {
      for (const token of [admin.token, attendant.token]) expect(await t.http.del(`/messages/${id}`, token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
  });
});

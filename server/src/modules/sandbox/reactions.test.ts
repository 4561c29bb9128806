import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { plans } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await startTestApp();
  await t.built.ctx.db.update(plans).set({ connections: 1000 }).where(eq(plans.id, 1));
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

const conversation = async (ticketId: number, token = a.token) => (await t.http.get(`/messages/${ticketId}`, token)).body.messages as any[];

describe("reactions on the sandbox", () => {
  it("stores the customer's reaction on the message, replaces it, and takes it back with an empty emoji", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const first = await customerSays(t.http, w, "5511900007001", "vocês entregam?", { id: "R-1" });
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "R-1", emoji: "👍" }, w.token)).toMatchObject({ status: 200, body: { ok: true } });
    let [msg] = await conversation(first.ticket.id);
    expect(msg.reactions).toEqual([{ by: "contact", userId: null, name: "Cliente 7001", emoji: "👍", at: expect.any(String) }]);
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "R-1", emoji: "❤️" }, w.token)).toMatchObject({ status: 200 });
    [msg] = await conversation(first.ticket.id);
    expect(msg.reactions.map((r: any) => r.emoji)).toEqual(["❤️"]);
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "R-1", emoji: "" }, w.token)).toMatchObject({ status: 200 });
    [msg] = await conversation(first.ticket.id);
    expect(msg.reactions).toEqual([]);
  });

  it("answers 400 naming the field for a bad id or emoji, 404 for a message the phone does not have, and keeps companies apart", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    await customerSays(t.http, w, "5511900007002", "oi", { id: "R-2" });
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "", emoji: "👍" }, w.token)).toMatchObject({ status: 400, body: { field: "id" } });
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "R-2", emoji: "abc" }, w.token)).toMatchObject({ status: 400, body: { field: "emoji" } });
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "R-2" }, w.token)).toMatchObject({ status: 400, body: { field: "emoji" } });
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "NOPE", emoji: "👍" }, w.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    // another company's admin reaches neither the connection nor its messages
    expect(await t.http.post(`/sandbox/${w.id}/reaction`, { id: "R-2", emoji: "👍" }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    const other = await pairedSandbox(t.http, b.token, unique("W"));
    expect(await t.http.post(`/sandbox/${other.id}/reaction`, { id: "R-2", emoji: "👍" }, other.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
  });

  it("sends the attendant's reaction to the phone, shows who reacted, and takes it back", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const first = await customerSays(t.http, w, "5511900007003", "chegou?", { id: "R-3" });
    const url = `/messages/${first.message.id}/reaction`;
    const reacted = await t.http.post(url, { emoji: "🙏" }, a.token);
    expect(reacted).toMatchObject({ status: 200, body: { id: first.message.id, reactions: [{ by: "user", userId: a.user.id, name: expect.any(String), emoji: "🙏" }] } });
    let phone = (await t.http.get(`/sandbox/${w.id}/conversation?number=5511900007003`, w.token)).body;
    expect(phone).toEqual([expect.objectContaining({ id: "R-3", reaction: "🙏" })]);

    // the customer's and the attendant's reactions side by side
    await t.http.post(`/sandbox/${w.id}/reaction`, { id: "R-3", emoji: "😂" }, w.token);
    const [msg] = await conversation(first.ticket.id);
    expect(msg.reactions.map((r: any) => [r.by, r.emoji])).toEqual([
      ["user", "🙏"],
      ["contact", "😂"],
    ]);

    expect(await t.http.post(url, { emoji: "" }, a.token)).toMatchObject({ status: 200, body: { reactions: [{ by: "contact", emoji: "😂" }] } });
    phone = (await t.http.get(`/sandbox/${w.id}/conversation?number=5511900007003`, w.token)).body;
    expect(phone[0].reaction).toBeNull();

    expect(await t.http.post(url, { emoji: "nope" }, a.token)).toMatchObject({ status: 400, body: { field: "emoji" } });
    expect(await t.http.post(url, {}, a.token)).toMatchObject({ status: 400, body: { field: "emoji" } });
    expect(await t.http.post(`/messages/abc/reaction`, { emoji: "👍" }, a.token)).toMatchObject({ status: 400, body: { field: "messageId" } });
    expect(await t.http.post(url, { emoji: "👍" }, b.token)).toMatchObject({ status: 404 });
  });
});

describe("what the customer changed stays readable", () => {
  it("keeps the earlier texts of an edited message and what a deleted one said", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const first = await customerSays(t.http, w, "5511900007004", "às 9h", { id: "H-1" });
    await t.http.post(`/sandbox/${w.id}/edit`, { id: "H-1", body: "às 10h" }, w.token);
    await t.http.post(`/sandbox/${w.id}/edit`, { id: "H-1", body: "às 11h" }, w.token);
    const second = await customerSays(t.http, w, "5511900007004", "meu CPF é 123", { id: "H-2" });
    await t.built.ctx.channels.handle(w.id, a.company.id, { type: "delete", externalId: "H-2" });

    const [edited, deleted] = await conversation(first.ticket.id);
    expect(edited).toMatchObject({ id: first.message.id, body: "às 11h", isEdited: true, edits: [{ body: "às 9h" }, { body: "às 10h" }], deletedBody: null });
    expect(deleted).toMatchObject({ id: second.message.id, body: "", isDeleted: true, deletedBody: "meu CPF é 123" });
    expect(edited.edits[0].at).toEqual(expect.any(String));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEAD_LETTERS_PAGE_SIZE } from "@balcao/common";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { pairedSandbox } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { failMessagesContaining } from "../../test/failingInserts";
import { contacts, messages, plans } from "../../db/schema";

const REFUSED = "REFUSED-BY-THE-DATABASE";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

beforeAll(async () => {
  t = await startTestApp();
  await t.built.ctx.db.update(plans).set({ users: 1000 }).where(eq(plans.id, 1));
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  await failMessagesContaining(t.built.ctx.db, REFUSED);
});
afterAll(async () => t?.close());

const stored = (whatsappId: number, externalId: string) =>
  t.built.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, externalId)));

describe("customers' messages that cannot be stored", () => {
  it("are answered 202 to the sandbox's phone and kept once, each as a dead letter that the company's admins see and dismiss, and nobody else reaches", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const sent = { id: "DEAD-1", number: "5511900007777", name: "Cliente Recusado", body: `${REFUSED} com \u0000 dentro` };
    const first = await t.http.post(`/sandbox/${w.id}/inbound`, sent, w.token);
    expect(first).toMatchObject({ status: 202, body: { stored: false, deadLetterId: expect.any(Number), error: "ERR_CREATING_MESSAGE" } });
    expect(await t.http.post(`/sandbox/${w.id}/inbound`, sent, w.token)).toMatchObject({ status: 202, body: { deadLetterId: first.body.deadLetterId } });
    expect(await stored(w.id, "DEAD-1")).toEqual([]);

    const list = await t.http.get("/dead-letters", a.token);
    expect(list).toMatchObject({ status: 200, body: { count: 1, hasMore: false } });
    expect(list.body.deadLetters).toEqual([
      {
        id: first.body.deadLetterId,
        whatsappId: w.id,
        whatsappName: w.name,
        channel: "sandbox",
        externalId: "DEAD-1",
        errorCode: "P0001",
        errorMessage: "refused by the test's trigger",
        // as the phone sent it, its NUL shown
        payload: { id: "DEAD-1", number: "5511900007777", name: "Cliente Recusado", body: `${REFUSED} com \u2400 dentro` },
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(w.token);

    expect(await t.http.get("/dead-letters", b.token)).toMatchObject({ status: 200, body: { count: 0, deadLetters: [] } });
    expect(await t.http.del(`/dead-letters/${first.body.deadLetterId}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.get("/dead-letters", attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/dead-letters/${first.body.deadLetterId}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });

    expect(await t.http.del(`/dead-letters/${first.body.deadLetterId}`, a.token)).toMatchObject({ status: 200 });
    expect((await t.http.get("/dead-letters", a.token)).body).toMatchObject({ count: 0, deadLetters: [] });
  });

  it("keep a file as its size, and leave the other customers' messages delivered with them stored", async () => {
    const w = await pairedSandbox(t.http, b.token, unique("W"));
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const refused = { id: "DEAD-FILE", number: "5511900008888", body: REFUSED, media: { data: png.toString("base64"), filename: "foto.png", mimetype: "image/png" } };
    const answers = await Promise.all([
      t.http.post(`/sandbox/${w.id}/inbound`, refused, w.token),
      ...["5511900008881", "5511900008882"].map((number, i) => t.http.post(`/sandbox/${w.id}/inbound`, { id: `FINE-${i}`, number, body: "chegou" }, w.token)),
    ]);
    expect(answers.map((r) => r.status)).toEqual([202, 201, 201]);
    expect(await stored(w.id, "FINE-1")).toHaveLength(1);
    expect(
      await t.built.ctx.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, b.company.id), eq(contacts.number, "5511900008888"))),
    ).toEqual([]);
    const [letter] = (await t.http.get("/dead-letters", b.token)).body.deadLetters;
    expect(letter).toMatchObject({ externalId: "DEAD-FILE", payload: { media: { filename: "foto.png", mimetype: "image/png", bytes: png.length } } });
  });

  it("are listed a page at a time, newest first", async () => {
    const other = await signUpCompany(t.http);
    const w = await pairedSandbox(t.http, other.token, unique("W"));
    const total = DEAD_LETTERS_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) {
      expect((await t.http.post(`/sandbox/${w.id}/inbound`, { id: `PAGE-${i}`, number: "5511900009999", body: `${REFUSED} ${i}` }, w.token)).status).toBe(202);
    }
    const first = await t.http.get("/dead-letters", other.token);
    expect(first.body).toMatchObject({ count: total, hasMore: true });
    expect(first.body.deadLetters).toHaveLength(DEAD_LETTERS_PAGE_SIZE);
    expect(first.body.deadLetters[0].externalId).toBe(`PAGE-${total - 1}`);
    const second = await t.http.get("/dead-letters?pageNumber=2", other.token);
    expect(second.body).toMatchObject({ count: total, hasMore: false });
    expect(second.body.deadLetters.map((d: { externalId: string }) => d.externalId)).toEqual(["PAGE-2", "PAGE-1", "PAGE-0"]);
    expect(await t.http.get("/dead-letters?pageNumber=0", other.token)).toMatchObject({ status: 400, body: { field: "pageNumber" } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { pairedSandbox } from "../../test/conversation";
import { contacts } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("sandbox inbound under a WhatsApp LID", () => {
  it("takes a LID instead of the number, links both when given together, and asks for one of them", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const lidOnly = await t.http.post(`/sandbox/${w.id}/inbound`, { lid: "287364519283746", body: "oi", name: "Eva" }, w.token);
    expect(lidOnly.status).toBe(201);
    expect(lidOnly.body.ticket.contact).toMatchObject({ number: "", lid: "287364519283746", name: "Eva" });

    const both = await t.http.post(`/sandbox/${w.id}/inbound`, { number: "5511977776666", lid: "287364519283746", body: "meu número" }, w.token);
    expect(both.status).toBe(201);
    expect(both.body.ticket).toMatchObject({ id: lidOnly.body.ticket.id, contact: { id: lidOnly.body.ticket.contact.id, number: "5511977776666", lid: "287364519283746" } });
    const mine = await t.built.ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, a.company.id), eq(contacts.lid, "287364519283746")));
    expect(mine).toHaveLength(1);

    const neither = await t.http.post(`/sandbox/${w.id}/inbound`, { body: "sem remetente" }, w.token);
    expect(neither.status).toBe(400);
    expect(JSON.stringify(neither.body)).toContain("number");
  });
});

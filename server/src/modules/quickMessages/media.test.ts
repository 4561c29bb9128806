import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { quickMessages } from "../../db/schema";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** POST /quick-messages/:id/media-upload as the spec's client sends it: typeArch and file. */
async function upload(id: number, token: string | undefined, files: { name: string; data: Buffer; type: string }[] = [{ name: "promo do dia.png", data: PNG, type: "image/png" }]) {
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  for (const f of files) form.append("file", new Blob([f.data], { type: f.type }), f.name);
  const res = await fetch(`${t.url}/quick-messages/${id}/media-upload`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

const readMedia = (id: number, token?: string) => fetch(`${t.url}/media/quick-messages/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

const storedFile = async (id: number) => {
  const [row] = await t.built.ctx.db.select().from(quickMessages).where(eq(quickMessages.id, id));
  return row.mediaPath ? path.join(t.config.dataDir, "media", row.mediaPath) : null;
};

describe("quick message attachments", () => {
  it("stores the upload under the company and serves it only with a token of that company", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const q = (await t.http.post("/quick-messages", { shortcode: "oferta", message: "Veja a oferta", geral: true }, a.token)).body;
    const res = await upload(q.id, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mensagem: "Arquivo Anexado", record: { id: q.id, isMedia: true, mediaName: "promo_do_dia.png", mediaPath: `/media/quick-messages/${q.id}` } });
    const file = await storedFile(q.id);
    expect(file && file.startsWith(path.join(t.config.dataDir, "media", String(a.company.id)) + path.sep)).toBe(true);
    expect(fs.existsSync(file!)).toBe(true);

    const ok = await readMedia(q.id, a.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await readMedia(q.id)).status).toBe(401);
    const foreign = await readMedia(q.id, b.token);
    expect(foreign.status).toBe(404);
    // no public folder serves it either
    expect((await fetch(`${t.url}/public/${path.basename(file!)}`)).status).toBe(404);

    const list = await t.http.get("/quick-messages/list", a.token);
    expect(list.body).toEqual([{ id: q.id, shortcode: "oferta", message: "Veja a oferta", mediaPath: `/media/quick-messages/${q.id}`, mediaName: "promo_do_dia.png", geral: true }]);
  });

  it("a second upload replaces the first file; DELETE media-upload removes it", async () => {
    const a = await signUpCompany(t.http);
    const q = (await t.http.post("/quick-messages", { shortcode: "doc", message: "" }, a.token)).body;
    await upload(q.id, a.token);
    const first = await storedFile(q.id);
    const again = await upload(q.id, a.token, [{ name: "tabela.pdf", data: Buffer.from("%PDF-1.4 tabela"), type: "application/pdf" }]);
    expect(again.body.record.mediaName).toBe("tabela.pdf");
    expect(fs.existsSync(first!)).toBe(false);
    const second = await storedFile(q.id);
    expect((await readMedia(q.id, a.token)).headers.get("content-type")).toBe("application/pdf");

    const removed = await t.http.del(`/quick-messages/${q.id}/media-upload`, a.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ mensagem: "Arquivo Excluído", record: { isMedia: false, mediaPath: null, mediaName: null } });
    expect(fs.existsSync(second!)).toBe(false);
    expect((await readMedia(q.id, a.token)).status).toBe(404);
  });

  it("deleting the quick message deletes its file", async () => {
    const a = await signUpCompany(t.http);
    const q = (await t.http.post("/quick-messages", { shortcode: "tchau", message: "x" }, a.token)).body;
    await upload(q.id, a.token);
    const file = await storedFile(q.id);
    expect((await t.http.del(`/quick-messages/${q.id}`, a.token)).status).toBe(200);
    expect(fs.existsSync(file!)).toBe(false);
  });

  it("refuses a request without exactly one file, naming the field", async () => {
    const a = await signUpCompany(t.http);
    const q = (await t.http.post("/quick-messages", { shortcode: "x", message: "x" }, a.token)).body;
    const none = await upload(q.id, a.token, []);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    const two = await upload(q.id, a.token, [
      { name: "a.png", data: PNG, type: "image/png" },
      { name: "b.png", data: PNG, type: "image/png" },
    ]);
    expect(two.status).toBe(400);
    const json = await t.http.post(`/quick-messages/${q.id}/media-upload`, { file: "x" }, a.token);
    expect(json.status).toBe(400);
    expect(json.body.field).toBe("file");
  });

  it("only the owner or an admin attaches or removes; another company's record is not found", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const owner = await createAttendant(t, a.token);
    const other = await createAttendant(t, a.token);
    const q = (await t.http.post("/quick-messages", { shortcode: "geral", message: "x", geral: true }, owner.token)).body;
    expect((await upload(q.id, other.token)).status).toBe(403);
    expect((await t.http.del(`/quick-messages/${q.id}/media-upload`, other.token)).status).toBe(403);
    expect((await upload(q.id, b.token)).status).toBe(404);
    expect((await t.http.del(`/quick-messages/${q.id}/media-upload`, b.token)).status).toBe(404);
    expect((await upload(q.id, undefined)).status).toBe(401);
    expect((await upload(q.id, a.token)).status).toBe(200);
    // a colleague may read a shared attachment (to send it), but not change it
    expect((await readMedia(q.id, other.token)).status).toBe(200);
    const secret = (await t.http.post("/quick-messages", { shortcode: "privada", message: "x", geral: false }, owner.token)).body;
    await upload(secret.id, owner.token);
    expect((await readMedia(secret.id, other.token)).status).toBe(404);
    expect((await readMedia(secret.id, owner.token)).status).toBe(200);
  });
});

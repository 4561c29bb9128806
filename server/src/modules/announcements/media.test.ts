import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from "@balcao/common";
import { announcements } from "../../db/schema";
import { ADMIN, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
let superToken: string;
let superCompanyId: number;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  t = await startTestApp();
  const session = await t.http.login(ADMIN.email, ADMIN.password);
  superToken = session.token;
  superCompanyId = session.user.companyId;
});
afterAll(async () => t?.close());

async function upload(id: number, token: string | undefined, file: { name: string; data: Buffer; type?: string } = { name: "aviso geral.png", data: PNG }) {
  const form = new FormData();
  form.append("file", new Blob([file.data], { type: file.type ?? "image/png" }), file.name);
  const res = await fetch(`${t.url}/announcements/${id}/media-upload`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

const readMedia = (id: number, token?: string) => fetch(`${t.url}/media/announcements/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

const storedRow = async (id: number) => (await t.built.ctx.db.select().from(announcements).where(eq(announcements.id, id)))[0];
const storedFile = (row: { mediaPath: string | null }) => (row.mediaPath ? path.join(t.config.dataDir, "media", row.mediaPath) : null);

const create = async (body: Record<string, unknown> = { title: "Com imagem", text: "Veja a imagem" }) => (await t.http.post("/announcements", body, superToken)).body;

describe("announcement attachments", () => {
  it("stores the image under the super user's company and serves it to any signed-in user, never without a token", async () => {
    const a = await create();
    const res = await upload(a.id, superToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mensagem: "Arquivo Anexado", record: { id: a.id, mediaName: "aviso_geral.png", mediaPath: `/media/announcements/${a.id}` } });
    const row = await storedRow(a.id);
    expect(row.mediaCompanyId).toBe(superCompanyId);
    const file = storedFile(row)!;
    expect(file.startsWith(path.join(t.config.dataDir, "media", String(superCompanyId)) + path.sep)).toBe(true);
    expect(fs.existsSync(file)).toBe(true);

    const other = await signUpCompany(t.http);
    const attendant = await createAttendant(t, other.token);
    for (const token of [superToken, other.token, attendant.token]) {
      const ok = await readMedia(a.id, token);
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toBe("image/png");
      expect(ok.headers.get("cache-control")).toContain("no-store");
      expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);
    }
    expect((await readMedia(a.id)).status).toBe(401);
    expect([401, 403]).toContain((await readMedia(a.id, "not.a.token")).status);
    expect((await fetch(`${t.url}/public/${path.basename(file)}`)).status).toBe(404);

    // a deactivated announcement's image is for the super user only
    await t.http.put(`/announcements/${a.id}`, { title: "Com imagem", text: "Veja a imagem", status: false }, superToken);
    expect((await readMedia(a.id, other.token)).status).toBe(404);
    expect((await readMedia(a.id, superToken)).status).toBe(200);
  });

  it("replaces an earlier image, removes one on request and when the announcement is deleted", async () => {
    const a = await create();
    await upload(a.id, superToken);
    const first = storedFile(await storedRow(a.id))!;
    const replaced = await upload(a.id, superToken, { name: "foto.jpeg", data: JPEG, type: "image/jpeg" });
    expect(replaced.body.record.mediaName).toBe("foto.jpeg");
    expect(fs.existsSync(first)).toBe(false);
    const second = storedFile(await storedRow(a.id))!;
    expect((await readMedia(a.id, superToken)).headers.get("content-type")).toBe("image/jpeg");

    const removed = await t.http.del(`/announcements/${a.id}/media-upload`, superToken);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ mensagem: "Arquivo Excluído", record: { id: a.id, mediaPath: null, mediaName: null } });
    expect(fs.existsSync(second)).toBe(false);
    expect((await readMedia(a.id, superToken)).status).toBe(404);

    await upload(a.id, superToken, { name: "ultima.jpg", data: JPEG, type: "image/jpeg" });
    const third = storedFile(await storedRow(a.id))!;
    await t.http.del(`/announcements/${a.id}`, superToken);
    expect(fs.existsSync(third)).toBe(false);
  });

  it("accepts .png, .jpg and .jpeg whose bytes are that image, and nothing larger than the limit", async () => {
    const a = await create();
    const cases: { name: string; data: Buffer; type?: string }[] = [
      { name: "documento.pdf", data: Buffer.from("%PDF-1.4 fake"), type: "application/pdf" },
      // the name says image, the bytes do not
      { name: "falso.png", data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>") },
      { name: "trocado.jpg", data: PNG, type: "image/jpeg" },
      { name: "trocado.png", data: JPEG },
      { name: "vazio.png", data: Buffer.alloc(0) },
    ];
    for (const file of cases) {
      const res = await upload(a.id, superToken, file);
      expect(res.status, file.name).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    }
    const big = Buffer.concat([PNG, Buffer.alloc(ANNOUNCEMENT_MEDIA_MAX_BYTES)]);
    const tooBig = await upload(a.id, superToken, { name: "grande.png", data: big });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ error: "ERR_VALIDATION", field: "file", message: "file: Too Long!" });

    const notForm = await t.http.post(`/announcements/${a.id}/media-upload`, { file: "x" }, superToken);
    expect(notForm.status).toBe(400);
    expect(notForm.body).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    expect((await storedRow(a.id)).mediaPath).toBeNull();
    expect((await upload(999_999, superToken)).status).toBe(404);
    expect(fs.readdirSync(path.join(t.config.dataDir, "media"), { recursive: true }).filter((f) => String(f).includes("falso"))).toEqual([]);
  });

  it("company admins may not upload or remove an image", async () => {
    const a = await create();
    const other = await signUpCompany(t.http);
    const res = await upload(a.id, other.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await upload(a.id, undefined)).status).toBe(401);
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { FILE_LIST_MEDIA_MAX_BYTES } from "@balcao/common";
import { fileListOptions } from "../../db/schema";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { fileListMedia } from "./media";

let t: TestApp;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

interface Part {
  name: string;
  data: Buffer | string;
  type?: string;
  /** The option's name and id, as the client appends them after the file. */
  option?: { name: string; id?: number | string };
}

/** POST /files/uploadList/:id built as the spec's client builds it: fileId, typeArch, then per option files, mediaType, name, id. */
async function upload(id: number, token: string | undefined, parts: Part[], fields: Record<string, string> = { fileId: String(id), typeArch: "fileList" }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const p of parts) {
    form.append("files", new Blob([typeof p.data === "string" ? p.data : new Uint8Array(p.data)], { type: p.type ?? "application/octet-stream" }), p.name);
    form.append("mediaType", p.type ?? "");
    if (p.option) {
      form.append("name", p.option.name);
      form.append("id", String(p.option.id ?? ""));
    }
  }
  const res = await fetch(`${t.url}/files/uploadList/${id}`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const readMedia = (optionId: number, token?: string) => fetch(`${t.url}/media/files/options/${optionId}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function storedFile(optionId: number) {
  const [row] = await t.built.ctx.db.select().from(fileListOptions).where(eq(fileListOptions.id, optionId));
  return row?.mediaPath ? path.join(t.config.dataDir, "media", row.mediaPath) : null;
}

/** Every file stored under the company's media folder. */
function filesOf(companyId: number): string[] {
  const dir = path.join(t.config.dataDir, "media", String(companyId));
  return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : [];
}

async function newList(token: string, options = [{ name: "Tabela de preços" }, { name: "Foto da loja" }]) {
  const res = await t.http.post("/files", { name: "Catálogo", message: "Segue o catálogo", options }, token);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body as { id: number; options: { id: number; name: string }[] };
}

describe("POST /files/uploadList/:id", () => {
  it("puts each file on its option by id, stored under the company and served only with a token of that company", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const list = await newList(a.token);
    const [tabela, foto] = list.options;
    const res = await upload(list.id, a.token, [
      { name: "tabela de precos.pdf", data: PDF, type: "application/pdf", option: tabela },
      { name: "loja.png", data: PNG, type: "image/png", option: foto },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Files processed");
    expect(res.body.record.options).toEqual([
      { id: tabela.id, fileId: list.id, name: "Tabela de preços", path: `/media/files/options/${tabela.id}`, mediaName: "tabela_de_precos.pdf", mediaType: "application/pdf" },
      { id: foto.id, fileId: list.id, name: "Foto da loja", path: `/media/files/options/${foto.id}`, mediaName: "loja.png", mediaType: "image/png" },
    ]);
    expect(res.body.files.map((f: { id: number }) => f.id)).toEqual([tabela.id, foto.id]);
    expect((await t.http.get(`/files/${list.id}`, a.token)).body).toEqual(res.body.record);

    const file = await storedFile(foto.id);
    expect(file!.startsWith(path.join(t.config.dataDir, "media", String(a.company.id)) + path.sep)).toBe(true);
    const ok = await readMedia(foto.id, a.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);
    const pdf = await readMedia(tabela.id, a.token);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);

    // a user of the company may read it (to send it); without a token, from another company or a public folder, no
    const user = await createAttendant(t, a.token);
    expect((await readMedia(foto.id, user.token)).status).toBe(200);
    expect((await readMedia(foto.id)).status).toBe(401);
    expect(await readMedia(foto.id, b.token)).toMatchObject({ status: 404 });
    expect((await fetch(`${t.url}/public/${path.basename(file!)}`)).status).toBe(404);
    expect((await readMedia(999_999, a.token)).status).toBe(404);
    expect((await readMedia(Number.NaN, a.token)).status).toBe(400);
  });

  it("a file without an id makes a new option, named as sent (or by the file)", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a.token, []);
    const res = await upload(list.id, a.token, [
      { name: "cardapio.pdf", data: PDF, type: "application/pdf", option: { name: "Cardápio" } },
      { name: "logo.png", data: PNG, type: "image/png" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.record.options.map((o: { name: string; mediaName: string }) => [o.name, o.mediaName])).toEqual([
      ["Cardápio", "cardapio.pdf"],
      ["logo.png", "logo.png"],
    ]);
  });

  it("replacing an option's file deletes the old one; removing the option by PUT deletes its file; so does deleting the list", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a.token);
    const [tabela, foto] = list.options;
    await upload(list.id, a.token, [
      { name: "tabela.pdf", data: PDF, type: "application/pdf", option: tabela },
      { name: "loja.png", data: PNG, type: "image/png", option: foto },
    ]);
    const oldTabela = await storedFile(tabela.id);
    const replaced = await upload(list.id, a.token, [{ name: "nova tabela.png", data: PNG, type: "image/png", option: tabela }]);
    expect(replaced.body.record.options[0]).toMatchObject({ id: tabela.id, mediaName: "nova_tabela.png", mediaType: "image/png" });
    expect(fs.existsSync(oldTabela!)).toBe(false);
    expect(filesOf(a.company.id)).toHaveLength(2);

    const fotoFile = await storedFile(foto.id);
    const edited = await t.http.put(`/files/${list.id}`, { name: "Catálogo", message: "Só a tabela", options: [tabela] }, a.token);
    expect(edited.body.options.map((o: { id: number }) => o.id)).toEqual([tabela.id]);
    expect(fs.existsSync(fotoFile!)).toBe(false);
    expect((await readMedia(foto.id, a.token)).status).toBe(404);
    expect(filesOf(a.company.id)).toHaveLength(1);

    expect((await t.http.del(`/files/${list.id}`, a.token)).status).toBe(200);
    expect(filesOf(a.company.id)).toEqual([]);
  });

  it("checks the type by the bytes and the size, naming the field, and keeps nothing of a refused upload", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a.token);
    const [tabela, foto] = list.options;
    const refused: [Part[], string, string][] = [
      [[{ name: "foto.png", data: "isto não é uma imagem", type: "image/png", option: foto }], "files", "files: Invalid value"],
      [[{ name: "tabela.pdf", data: PNG, type: "application/pdf", option: tabela }], "files", "files: Invalid value"],
      [[{ name: "script.exe", data: "MZ", option: foto }], "files", "files: Invalid value"],
      [[{ name: "page.html", data: "<script>alert(1)</script>", type: "text/html", option: foto }], "files", "files: Invalid value"],
      [[{ name: "vazio.pdf", data: "", type: "application/pdf", option: foto }], "files", "files: Invalid value"],
      // a good file first, then a bad one: the good one is not kept either
      [
        [
          { name: "ok.png", data: PNG, type: "image/png", option: foto },
          { name: "ruim.pdf", data: "nada", option: tabela },
        ],
        "files",
        "files: Invalid value",
      ],
      [[{ name: "grande.pdf", data: Buffer.concat([PDF, Buffer.alloc(FILE_LIST_MEDIA_MAX_BYTES)]), type: "application/pdf", option: tabela }], "files", "files: Too Long!"],
      [[{ name: "ok.png", data: PNG, type: "image/png", option: { name: "x", id: "abc" } }], "id", "id: Invalid value"],
      [[], "files", "files: Required"],
    ];
    for (const [parts, field, message] of refused) {
      const res = await upload(list.id, a.token, parts);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", field, message });
    }
    const elevenFiles = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, data: PNG, type: "image/png" }));
    expect((await upload(list.id, a.token, elevenFiles)).body).toMatchObject({ error: "ERR_VALIDATION", field: "files" });
    const wrongList = await upload(list.id, a.token, [{ name: "ok.png", data: PNG, type: "image/png", option: foto }], { fileId: String(list.id + 1), typeArch: "fileList" });
    expect(wrongList.body).toMatchObject({ error: "ERR_VALIDATION", field: "fileId" });
    const wrongKind = await upload(list.id, a.token, [{ name: "ok.png", data: PNG, type: "image/png", option: foto }], { typeArch: "quickMessage" });
    expect(wrongKind.body).toMatchObject({ error: "ERR_VALIDATION", field: "typeArch" });
    const json = await t.http.post(`/files/uploadList/${list.id}`, { files: "x" }, a.token);
    expect(json).toMatchObject({ status: 400, body: { field: "files" } });

    expect(filesOf(a.company.id)).toEqual([]);
    expect((await t.http.get(`/files/${list.id}`, a.token)).body.options.every((o: { path: null }) => o.path === null)).toBe(true);
  });

  it("accepts the kinds WhatsApp sends: images, audio, video and documents", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a.token, []);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), Buffer.alloc(16)]);
    const ogg = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60)]);
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);
    const res = await upload(list.id, a.token, [
      { name: "video.mp4", data: mp4 },
      { name: "audio.ogg", data: ogg },
      { name: "contrato.docx", data: docx },
      { name: "lista.txt", data: "Pão\nLeite\n" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.record.options.map((o: { mediaType: string }) => o.mediaType)).toEqual(["video/mp4", "audio/ogg", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "text/plain"]);
  });

  it("is for admins; another company's list, or an option of another list, is not found and nothing is kept", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const user = await createAttendant(t, a.token);
    const list = await newList(a.token);
    const other = await newList(a.token);
    const part = (option: { name: string; id?: number }) => [{ name: "loja.png", data: PNG, type: "image/png", option }];
    expect(await upload(list.id, user.token, part(list.options[0]))).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await upload(list.id, b.token, part(list.options[0]))).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await upload(list.id, a.token, part(other.options[0]))).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    const bList = await newList(b.token);
    expect((await upload(list.id, a.token, part(bList.options[0]))).status).toBe(404);
    expect((await upload(list.id, undefined, part(list.options[0]))).status).toBe(401);
    expect(filesOf(a.company.id)).toEqual([]);
    expect(filesOf(b.company.id)).toEqual([]);
  });
});

describe("fileListMedia (what a campaign sends)", () => {
  it("answers the list's message and its options' files in order, for its own company only", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const list = await newList(a.token, [{ name: "Sem arquivo" }, { name: "Tabela" }, { name: "Foto" }]);
    const [, tabela, foto] = list.options;
    await upload(list.id, a.token, [
      { name: "loja.png", data: PNG, type: "image/png", option: foto },
      { name: "tabela.pdf", data: PDF, type: "application/pdf", option: tabela },
    ]);
    const media = await fileListMedia(t.built.ctx, a.company.id, list.id);
    expect(media).toMatchObject({ id: list.id, name: "Catálogo", message: "Segue o catálogo" });
    expect(media!.files.map((f) => [f.optionId, f.name, f.file.filename, f.file.mimetype])).toEqual([
      [tabela.id, "Tabela", "tabela.pdf", "application/pdf"],
      [foto.id, "Foto", "loja.png", "image/png"],
    ]);
    expect(media!.files[1].file.data.equals(PNG)).toBe(true);
    expect(await fileListMedia(t.built.ctx, b.company.id, list.id)).toBeNull();
  });
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatMessages } from "../../db/schema";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4 escala");

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** Multipart as the web sends it: `message` and one file in `medias`. */
async function sendFile(chatId: number, token: string | undefined, fields: Record<string, string>, files: { field?: string; name: string; data: Buffer; type: string }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? "medias", new Blob([f.data], { type: f.type }), f.name);
  const res = await fetch(`${t.url}/chats/${chatId}/messages`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

const readMedia = (url: string, token?: string) => fetch(`${t.url}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

const storedFile = async (id: number) => {
  const [row] = await t.built.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row.mediaPath ? path.join(t.config.dataDir, "media", row.mediaPath) : null;
};

async function pair() {
  const a = await signUpCompany(t.http);
  const ana = await createAttendant(t, a.token, { name: "Ana Souza" });
  const chat = (await t.http.post("/chats", { title: "Arquivos", users: [ana.id] }, a.token)).body;
  return { a, ana, chat };
}

describe("chat attachments", () => {
  it("stores the file under the company and serves it only to members, with a token", async () => {
    const { a, ana, chat } = await pair();
    const res = await sendFile(chat.id, ana.token, { message: "segue a foto" }, [{ name: "foto do dia.png", data: PNG, type: "image/png" }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: "segue a foto", mediaName: "foto_do_dia.png", mediaType: "image", mediaPath: `/media/chat-messages/${res.body.id}` });
    const file = await storedFile(res.body.id);
    expect(file!.startsWith(path.join(t.config.dataDir, "media", String(a.company.id)) + path.sep)).toBe(true);
    expect(fs.existsSync(file!)).toBe(true);

    const ok = await readMedia(res.body.mediaPath, a.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);

    expect((await readMedia(res.body.mediaPath)).status).toBe(401);
    const other = await signUpCompany(t.http);
    const outsider = await createAttendant(t, a.token);
    for (const token of [other.token, outsider.token]) expect((await readMedia(res.body.mediaPath, token)).status).toBe(404);
    expect((await fetch(`${t.url}/public/${path.basename(file!)}`)).status).toBe(404);
  });

  it("takes a document with no text; the chat's last message is the file's name", async () => {
    const { a, ana, chat } = await pair();
    const res = await sendFile(chat.id, a.token, {}, [{ name: "escala.pdf", data: PDF, type: "application/pdf" }]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ message: "", mediaName: "escala.pdf", mediaType: "document" });
    expect((await t.http.get(`/chats/${chat.id}`, ana.token)).body).toMatchObject({ lastMessage: "escala.pdf" });
    expect((await readMedia(res.body.mediaPath, ana.token)).headers.get("content-type")).toBe("application/pdf");
  });

  it("checks the file by its bytes and its field; blank text with no file is refused", async () => {
    const { a, chat } = await pair();
    const fake = await sendFile(chat.id, a.token, { message: "x" }, [{ name: "foto.png", data: Buffer.from("not an image"), type: "image/png" }]);
    expect(fake).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "medias" } });
    const script = await sendFile(chat.id, a.token, { message: "x" }, [{ name: "run.exe", data: PDF, type: "application/octet-stream" }]);
    expect(script).toMatchObject({ status: 400, body: { field: "medias" } });
    const twoFiles = await sendFile(chat.id, a.token, {}, [
      { name: "a.pdf", data: PDF, type: "application/pdf" },
      { name: "b.pdf", data: PDF, type: "application/pdf" },
    ]);
    expect(twoFiles.status).toBe(400);
    const blank = await sendFile(chat.id, a.token, { message: "  " }, []);
    expect(blank).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "message" } });
    expect((await t.http.get(`/chats/${chat.id}/messages`, a.token)).body.count).toBe(0);
  });

  it("a non-member's upload is refused before anything is stored", async () => {
    const { chat } = await pair();
    const other = await signUpCompany(t.http);
    const res = await sendFile(chat.id, other.token, { message: "oi" }, [{ name: "foto.png", data: PNG, type: "image/png" }]);
    expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect(fs.existsSync(path.join(t.config.dataDir, "media", String(other.company.id)))).toBe(false);
  });

  it("deleting the chat deletes its files", async () => {
    const { a, chat } = await pair();
    const res = await sendFile(chat.id, a.token, {}, [{ name: "foto.png", data: PNG, type: "image/png" }]);
    const file = await storedFile(res.body.id);
    expect((await t.http.del(`/chats/${chat.id}`, a.token)).status).toBe(200);
    expect(fs.existsSync(file!)).toBe(false);
    expect((await readMedia(res.body.mediaPath, a.token)).status).toBe(404);
  });
});

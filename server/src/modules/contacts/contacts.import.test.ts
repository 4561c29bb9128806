import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import * as XLSX from "@e965/xlsx";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact } from "../../test/workspaceFixtures";
import { contacts } from "../../db/schema";
import { declaredUnzippedSize } from "./archiveSize";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

/** A workbook of one sheet built with the same library, as .xlsx or .xls bytes. */
function workbook(rows: unknown[][], bookType: "xlsx" | "biff8" = "xlsx"): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType });
}

async function upload(token: string, data: Buffer | string, filename: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new Blob([typeof data === "string" ? data : new Uint8Array(data)], { type }), filename);
  const res = await fetch(`${t.url}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

const companyContacts = (companyId: number) => t.built.ctx.db.select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(asc(contacts.name));

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("POST /contacts/import", () => {
  it("stores the good rows of an .xlsx, updates a known number and reports the bad row with its number and field", async () => {
    const known = await insertContact(t, a.company.id, { name: "Nome Antigo", number: "5511977770000", email: "velho@example.com", extraInfo: [{ name: "CPF", value: "1" }] });
    const socket = await connectSocket(t.url, a.token);
    const created = nextEvent(socket, `company-${a.company.id}-contact`, 3_000, (e) => e.action === "create" && e.contact.name === "Ana Lima");
    const updated = nextEvent(socket, `company-${a.company.id}-contact`, 3_000, (e) => e.action === "update");
    const file = workbook([
      ["Nome", "Número", "E-mail"],
      ["Ana Lima", "+55 (11) 98888-1111", "ana@example.com"],
      ["B", "5511988882222", "b@example.com"],
      [],
      ["Carlos Souza", 5511988883333, ""],
      ["Nome Novo", "55 11 97777-0000", ""],
    ]);
    const res = await upload(a.token, file, "contatos.xlsx");
    expect(res).toEqual({ status: 200, body: { total: 4, created: 2, updated: 1, unchanged: 0, errors: [{ row: 3, field: "name", message: "Too Short!" }] } });

    const stored = await companyContacts(a.company.id);
    expect(stored.map((c) => [c.name, c.number, c.email])).toEqual([
      ["Ana Lima", "5511988881111", "ana@example.com"],
      ["Carlos Souza", "5511988883333", ""],
      ["Nome Novo", "5511977770000", "velho@example.com"],
    ]);
    expect(stored.find((c) => c.id === known.id)?.extraInfo).toEqual([{ name: "CPF", value: "1" }]);
    expect((await created)?.contact).toMatchObject({ name: "Ana Lima", number: "5511988881111", companyId: a.company.id });
    expect((await updated)?.contact).toMatchObject({ id: known.id, name: "Nome Novo" });
    socket.close();

    // the same file again changes nothing
    const again = await upload(a.token, file, "contatos.xlsx");
    expect(again.body).toMatchObject({ total: 4, created: 0, updated: 0, unchanged: 3 });
  });

  it("reads a CSV with English headers in any case, quoted commas and a BOM, or separated by semicolons", async () => {
    const c = await signUpCompany(t.http);
    const csv = '\uFEFFNAME,Number,EMAIL\n"Silva, Joana",5521999990001,joana@example.com\nPedro,123,pedro@\n';
    expect((await upload(c.token, csv, "contacts.csv", "text/csv")).body).toEqual({
      total: 2,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 3, field: "number", message: "Too Short!" },
        { row: 3, field: "email", message: "Invalid email" },
      ],
    });
    const semicolons = "nome;numero;email\nJosé Araújo;(21) 99999-0002;\n";
    expect((await upload(c.token, semicolons, "contatos.csv", "text/csv")).body).toMatchObject({ total: 1, created: 1, errors: [] });
    expect((await companyContacts(c.company.id)).map((x) => [x.name, x.number, x.email])).toEqual([
      ["José Araújo", "21999990002", ""],
      ["Silva, Joana", "5521999990001", "joana@example.com"],
    ]);
  });

  it("reads an .xls file", async () => {
    const c = await signUpCompany(t.http);
    const res = await upload(
      c.token,
      workbook(
        [
          ["name", "number"],
          ["Planilha Antiga", "5531999990003"],
        ],
        "biff8",
      ),
      "antigos.xls",
    );
    expect(res.body).toMatchObject({ total: 1, created: 1, errors: [] });
  });

  it("refuses numbers repeated in the file and numbers a spreadsheet turned into 5.5E+12", async () => {
    const c = await signUpCompany(t.http);
    const csv = "name,number\nPrimeira,5511911112222\nSegunda,+55 11 91111-2222\nTerceira,5.51191E+12\nSem Número,\n";
    expect((await upload(c.token, csv, "c.csv")).body).toEqual({
      total: 4,
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [
        { row: 3, field: "number", message: "Repeated number" },
        { row: 4, field: "number", message: "Invalid value" },
      ],
    });
  });

  it("refuses a row whose cell holds a NUL (past the first 8 KB of a CSV, or in an .xlsx), not the whole file", async () => {
    const c = await signUpCompany(t.http);
    const filler = Array.from({ length: 400 }, (_, i) => `Cliente ${i},55119${10_000_000 + i}`).join("\n");
    const csv = `nome,numero\n${filler}\nAna\u0000Maria,5511988887777\n`;
    expect((await upload(c.token, csv, "c.csv")).body).toMatchObject({ total: 401, created: 400, errors: [{ row: 402, field: "name", message: "Invalid value" }] });
    const sheet = workbook([
      ["Nome", "E-mail"],
      ["Bia\u0000Souza", "bia@example.com"],
      ["Caio", "caio\u0000@example.com"],
    ]);
    expect((await upload(c.token, sheet, "c.xlsx")).body).toMatchObject({
      created: 0,
      errors: [
        { row: 2, field: "name" },
        { row: 3, field: "email" },
      ],
    });
    expect(await companyContacts(c.company.id)).toHaveLength(400);
  });

  it("answers 400 naming file for anything that is not a readable spreadsheet, never a 500", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fe0dd4a4e30000000049454e44ae426082", "hex");
    const refused = (problem: string) => ({ status: 400, body: { error: "ERR_VALIDATION", field: "file", problem, message: expect.stringMatching(/^file: /) } });
    expect(await upload(a.token, png, "photo.png", "image/png")).toEqual(refused("unsupported"));
    expect(await upload(a.token, png, "photo.csv", "text/csv")).toEqual(refused("unsupported"));
    expect(await upload(a.token, Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(64, 7)]), "broken.xlsx")).toEqual(refused("unreadable"));
    expect(await upload(a.token, Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(600, 1)]), "broken.xls")).toEqual(refused("unreadable"));
    expect(await upload(a.token, "", "empty.csv", "text/csv")).toEqual(refused("empty"));
    expect(await upload(a.token, "name,number\n", "header-only.csv", "text/csv")).toEqual(refused("empty"));
    expect(
      await upload(
        a.token,
        workbook([
          ["Produto", "Preço"],
          ["Caneta", 2],
        ]),
        "produtos.xlsx",
      ),
    ).toEqual(refused("noNameColumn"));
    expect(await t.http.post("/contacts/import", {}, a.token)).toMatchObject({ status: 400, body: { field: "file", problem: "missing" } });
    const noFile = new FormData();
    noFile.append("note", "hello");
    const res = await fetch(`${t.url}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${a.token}` }, body: noFile });
    expect({ status: res.status, body: await res.json() }).toMatchObject({ status: 400, body: { field: "file", problem: "missing" } });
  });

  it("refuses a file over 10 MB and needs a signed-in caller", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x61);
    expect(await upload(a.token, big, "big.csv", "text/csv")).toMatchObject({ status: 400, body: { field: "file", problem: "tooLarge" } });
    const form = new FormData();
    form.append("file", new Blob(["name\nX Y\n"]), "c.csv");
    expect((await fetch(`${t.url}/contacts/import`, { method: "POST", body: form })).status).toBe(401);
  });

  it("reads ZIP sizes from the central directory, so a decompression bomb is refused unopened", () => {
    expect(declaredUnzippedSize(workbook([["name"], ["Ana Lima"]]))).toBeGreaterThan(1000);
    expect(declaredUnzippedSize(Buffer.from("PK\x03\x04 not really a zip"))).toBeNull();
  });

  it("keeps companies apart: a number another company has is a new contact here, and only this company hears of it", async () => {
    const theirs = await insertContact(t, b.company.id, { name: "Cliente de B", number: "5541999990004" });
    const attendant = await createAttendant(t, a.token);
    const sb = await connectSocket(t.url, b.token);
    const leak = nextEvent(sb, `company-${a.company.id}-contact`, 800);
    const res = await upload(attendant.token, "name,number\nCliente de A,5541999990004\n", "c.csv", "text/csv");
    expect(res.body).toMatchObject({ created: 1, updated: 0, errors: [] });
    const [mine] = await t.built.ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, a.company.id), eq(contacts.number, "5541999990004")));
    expect(mine.name).toBe("Cliente de A");
    const [still] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, theirs.id));
    expect(still).toMatchObject({ name: "Cliente de B", companyId: b.company.id });
    expect(await leak).toBeNull();
    sb.close();
  });

  it("tells the lists to reload once when a file changes many contacts", async () => {
    const c = await signUpCompany(t.http);
    const socket = await connectSocket(t.url, c.token);
    const events: { action: string }[] = [];
    socket.on(`company-${c.company.id}-contact`, (e) => events.push(e));
    const rows = Array.from({ length: 60 }, (_, i) => [`Pessoa ${i}`, `55119000${String(i).padStart(5, "0")}`]);
    expect((await upload(c.token, workbook([["nome", "telefone"], ...rows]), "muitos.xlsx")).body).toMatchObject({ total: 60, created: 60 });
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual([{ action: "reload" }]);
    socket.close();
  });
});

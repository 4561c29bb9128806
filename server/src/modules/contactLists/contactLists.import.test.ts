import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { connectSocket, signUpCompany, startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Company = Awaited<ReturnType<typeof signUpCompany>>;

function xlsx(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
}

async function upload(token: string, listId: number | string, data: Buffer | string, filename: string, query = "") {
  const form = new FormData();
  form.append("file", new Blob([data]), filename);
  const res = await fetch(`${t.url}/contact-lists/${listId}/upload${query}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

async function newList(a: Company, name = "Importada") {
  return (await t.http.post("/contact-lists", { name }, a.token)).body as { id: number };
}

const itemsOf = async (a: Company, listId: number) =>
  ((await t.http.get(`/contact-list-items?contactListId=${listId}`, a.token)).body.contacts as { name: string; number: string; email: string; isWhatsappValid: boolean | null }[]).map(
    ({ name, number, email, isWhatsappValid }) => ({ name, number, email, isWhatsappValid }),
  );

describe("POST /contact-lists/:id/upload", () => {
  it("imports the good rows of an .xlsx, merges repeated numbers, and reports every bad cell by row and field", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const sheet = xlsx([
      ["Nome", "Número", "E-mail"],
      ["Ana Lima", "+55 (11) 98888-1001", "ana@example.com"], // 2
      ["X", "5511988881002", ""], // 3: name too short
      ["Bruno Costa", 5511988881003, ""], // 4: a number typed as a number
      ["Carla Dias", "123", "carla@"], // 5: number too short and email invalid
      ["", "5511988881005", ""], // 6: no name
      ["Ana Lima Souza", "5511988881001", ""], // 7: Ana again: merged, her email kept
      ["Davi Rocha", "", "davi@example.com"], // 8: no number
      ["Bruno C.", "55 11 98888-1003", "bruno@example.com"], // 9: Bruno again: merged, email added
      ["Eva Melo", "9".repeat(51), ""], // 10: number too long
    ]);
    const res = await upload(a.token, list.id, sheet, "contatos.xlsx");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 9,
      created: 2,
      updated: 0,
      unchanged: 0,
      merged: 2,
      errors: [
        { row: 3, field: "name", message: "Too Short!" },
        { row: 5, field: "number", message: "Too Short!" },
        { row: 5, field: "email", message: "Invalid email" },
        { row: 6, field: "name", message: "Required" },
        { row: 8, field: "number", message: "Required" },
        { row: 10, field: "number", message: "Too Long!" },
      ],
    });
    expect(await itemsOf(a, list.id)).toEqual([
      { name: "Ana Lima Souza", number: "5511988881001", email: "ana@example.com", isWhatsappValid: null },
      { name: "Bruno C.", number: "5511988881003", email: "bruno@example.com", isWhatsappValid: null },
    ]);
    expect((await t.http.get(`/contact-lists/${list.id}`, a.token)).body.contactsCount).toBe(2);
  });

  it("merges with the items the list already has: changed ones are updated, identical ones left as they are", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    await t.http.post("/contact-list-items", { name: "Ana Lima", number: "5511988882001", email: "ana@example.com", contactListId: list.id }, a.token);
    await t.http.post("/contact-list-items", { name: "Bruno Costa", number: "5511988882002", email: "", contactListId: list.id }, a.token);
    const csv = "name,number,email\nAna Lima,5511988882001,\nBruno Costa Jr,5511988882002,\nCarla Dias,5511988882003,carla@example.com\n";
    const res = await upload(a.token, list.id, csv, "contatos.csv");
    expect(res.body).toEqual({ total: 3, created: 1, updated: 1, unchanged: 1, merged: 0, errors: [] });
    expect((await itemsOf(a, list.id)).map((i) => [i.name, i.email])).toEqual([
      ["Ana Lima", "ana@example.com"],
      ["Bruno Costa Jr", ""],
      ["Carla Dias", "carla@example.com"],
    ]);
    // importing the same file again changes nothing
    expect((await upload(a.token, list.id, csv, "contatos.csv")).body).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it("tells the uploader how far it got and the list's pages which items were written", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const socket = await connectSocket(t.url, a.token);
    const progress: unknown[] = [];
    const reloads: { action: string; records: { number: string }[] }[] = [];
    const counts: number[] = [];
    socket.on(`company-${a.company.id}-ContactListImport`, (p) => progress.push(p));
    socket.on(`company-${a.company.id}-ContactListItem-${list.id}`, (p) => reloads.push(p));
    socket.on(`company-${a.company.id}-ContactList`, (p) => counts.push(p.record?.contactsCount));
    try {
      const rows = [["nome", "numero"], ...Array.from({ length: 1_200 }, (_, i) => [`Cliente ${i}`, `55119${String(i).padStart(8, "0")}`])];
      const res = await upload(a.token, list.id, xlsx(rows), "grande.xlsx", "?importId=abc-123");
      expect(res.body).toMatchObject({ total: 1_200, created: 1_200, errors: [] });
      await expect.poll(() => progress.length).toBe(4);
      expect(progress).toEqual([0, 500, 1_000, 1_200].map((processed) => ({ contactListId: list.id, importId: "abc-123", processed, total: 1_200 })));
      await expect.poll(() => reloads.length).toBe(3);
      expect(reloads.map((r) => [r.action, r.records.length])).toEqual([
        ["reload", 500],
        ["reload", 500],
        ["reload", 200],
      ]);
      await expect.poll(() => counts.at(-1)).toBe(1_200);
    } finally {
      socket.close();
    }
  });

  it("refuses a file it cannot read with a 400 on file, and another company's list with a 404", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const list = await newList(a);
    const theirs = await newList(b);
    expect(await upload(a.token, list.id, Buffer.from("%PDF-1.4"), "contatos.pdf")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "file", problem: "unsupported" } });
    expect(await upload(a.token, list.id, xlsx([["telefone"], ["5511988881001"]]), "sem-nome.xlsx")).toMatchObject({ status: 400, body: { field: "file", problem: "noNameColumn" } });
    expect(await upload(a.token, list.id, "name,number\n", "vazia.csv")).toMatchObject({ status: 400, body: { field: "file", problem: "empty" } });
    const noFile = await fetch(`${t.url}/contact-lists/${list.id}/upload`, { method: "POST", headers: { authorization: `Bearer ${a.token}` }, body: new FormData() });
    expect(noFile.status).toBe(400);
    expect(await upload(a.token, theirs.id, "name,number\nAna,5511988881001\n", "x.csv")).toMatchObject({ status: 404 });
    expect(await upload(a.token, list.id, "name,number\nAna,5511988881001\n", "x.csv", "?importId=../../x")).toMatchObject({ status: 400, body: { field: "importId" } });
    expect((await t.http.get(`/contact-list-items?contactListId=${theirs.id}`, b.token)).body.count).toBe(0);
  });
});

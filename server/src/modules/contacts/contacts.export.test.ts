import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact } from "../../test/workspaceFixtures";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

async function download(path: string, token?: string) {
  const res = await fetch(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

const sheetRows = (data: Buffer) => {
  const book = XLSX.read(data, { type: "buffer" });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: "" });
};

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  await insertContact(t, a.company.id, {
    name: "Bruna Dias",
    number: "5511912340001",
    email: "bruna@example.com",
    extraInfo: [
      { name: "CPF", value: "123" },
      { name: "Cidade", value: "Recife" },
    ],
  });
  await insertContact(t, a.company.id, { name: '=HYPERLINK("x")', number: "5511912340002", extraInfo: [{ name: "Cidade", value: "Natal" }] });
  await insertContact(t, a.company.id, { name: "André Araújo", number: "", email: "andre@example.com" });
  await insertContact(t, a.company.id, { name: "Grupo Vendas", number: "5511912340003-1612345678", isGroup: true });
  await insertContact(t, b.company.id, { name: "Cliente de B", number: "5511912340009" });
});
afterAll(async () => t?.close());

describe("GET /contacts/export", () => {
  it("gives the company's contacts as .xlsx: name, number, email and a column per extra-info field, in order of first use", async () => {
    const res = await download("/contacts/export?format=xlsx", a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(sheetRows(res.data)).toEqual([
      ["name", "number", "email", "Cidade", "CPF"],
      ['=HYPERLINK("x")', "5511912340002", "", "Natal", ""],
      ["André Araújo", "", "andre@example.com", "", ""],
      ["Bruna Dias", "5511912340001", "bruna@example.com", "Recife", "123"],
    ]);
    // .xlsx is the default; the text stays text, never a formula
    const book = XLSX.read((await download("/contacts/export", a.token)).data, { type: "buffer", cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet.A2).toMatchObject({ t: "s", v: '=HYPERLINK("x")' });
    expect(sheet.A2.f).toBeUndefined();
    expect(sheet.B4).toMatchObject({ t: "s", v: "5511912340001" });
  });

  it("gives UTF-8 CSV with a BOM, quoting as needed and defusing text that would start a formula", async () => {
    const res = await download("/contacts/export?format=csv", a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect([...res.data.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.data.subarray(3).toString("utf8").split("\n")).toEqual([
      "name,number,email,Cidade,CPF",
      '"\'=HYPERLINK(""x"")",5511912340002,,Natal,',
      "André Araújo,,andre@example.com,,",
      "Bruna Dias,5511912340001,bruna@example.com,Recife,123",
    ]);
  });

  it("is for any signed-in user of the company, never shows another company's contacts, and validates the format", async () => {
    const attendant = await createAttendant(t, a.token);
    expect(sheetRows((await download("/contacts/export", attendant.token)).data)).toHaveLength(4);
    expect(sheetRows((await download("/contacts/export", b.token)).data)).toEqual([
      ["name", "number", "email"],
      ["Cliente de B", "5511912340009", ""],
    ]);
    expect((await download("/contacts/export")).status).toBe(401);
    expect(await t.http.get("/contacts/export?format=pdf", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "format" } });
  });

  it("exports what the import reads back", async () => {
    const c = await signUpCompany(t.http);
    const exported = (await download("/contacts/export", a.token)).data;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(exported)]), "contacts.xlsx");
    const res = await fetch(`${t.url}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${c.token}` }, body: form });
    expect(await res.json()).toEqual({ total: 3, created: 3, updated: 0, unchanged: 0, errors: [] });
  });
});

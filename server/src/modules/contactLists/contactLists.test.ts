import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Company = Awaited<ReturnType<typeof signUpCompany>>;

async function newList(a: Company, name = "Clientes VIP") {
  const res = await t.http.post("/contact-lists", { name, companyId: 999 }, a.token);
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; contactsCount: number };
}

async function newItem(a: Company, contactListId: number, body: Record<string, unknown> = {}) {
  const res = await t.http.post("/contact-list-items", { name: "Ana Lima", number: "5511988881001", email: "", contactListId, companyId: 999, ...body }, a.token);
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; number: string };
}

describe("contact lists", () => {
  it("POST /contact-lists creates a list of the caller's company; GET /contact-lists/:id shows it with its count", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a, "  Clientes VIP  ");
    expect(list).toMatchObject({ id: expect.any(Number), name: "Clientes VIP", contactsCount: 0, companyId: a.company.id, createdAt: expect.any(String), updatedAt: expect.any(String) });
    await newItem(a, list.id);
    expect((await t.http.get(`/contact-lists/${list.id}`, a.token)).body).toMatchObject({ id: list.id, name: "Clientes VIP", contactsCount: 1 });
  });

  it("validates the name: 'Required', 'Too Short!' (under 2), 'Too Long!' (over 50), naming the field", async () => {
    const a = await signUpCompany(t.http);
    for (const [body, message] of [
      [{}, "Required"],
      [{ name: "   " }, "Required"],
      [{ name: "A" }, "Too Short!"],
      [{ name: "x".repeat(51) }, "Too Long!"],
      [{ name: 42 }, "Required"],
    ] as const) {
      const res = await t.http.post("/contact-lists", body, a.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", field: "name", message: `name: ${message}` });
    }
    expect((await t.http.post("/contact-lists", { name: "xy" }, a.token)).status).toBe(201);
    expect((await t.http.post("/contact-lists", { name: "x".repeat(50) }, a.token)).status).toBe(201);
  });

  it("GET /contact-lists/ pages 20 by name with the count and hasMore, and searches the name", async () => {
    const a = await signUpCompany(t.http);
    for (let i = 0; i < 21; i++) await newList(a, `Lista ${String(i).padStart(2, "0")}`);
    await newList(a, "Aniversariantes");
    const first = await t.http.get("/contact-lists/?searchParam=&pageNumber=1", a.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0]).toMatchObject({ name: "Aniversariantes", contactsCount: 0 });
    const second = await t.http.get("/contact-lists/?pageNumber=2", a.token);
    expect(second.body.records.map((l: { name: string }) => l.name)).toEqual(["Lista 19", "Lista 20"]);
    expect(second.body.hasMore).toBe(false);
    const searched = await t.http.get(`/contact-lists/?searchParam=${encodeURIComponent("lista 0")}&pageNumber=1`, a.token);
    expect(searched.body).toMatchObject({ count: 10, hasMore: false });
    expect((await t.http.get("/contact-lists/?searchParam=%25", a.token)).body.count).toBe(0);
    expect(await t.http.get("/contact-lists/?pageNumber=0", a.token)).toMatchObject({ status: 400, body: { field: "pageNumber" } });
  });

  it("GET /contact-lists/list answers the company's lists as a plain array", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const list = await newList(a, "Black Friday");
    await newList(b, "De outra empresa");
    const res = await t.http.get(`/contact-lists/list?companyId=${b.company.id}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: list.id, name: "Black Friday", contactsCount: 0 })]);
  });

  it("PUT /contact-lists/:id renames; DELETE removes the list and its items", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const item = await newItem(a, list.id);
    const renamed = await t.http.put(`/contact-lists/${list.id}`, { name: "Clientes Ouro" }, a.token);
    expect(renamed).toMatchObject({ status: 200, body: { id: list.id, name: "Clientes Ouro", contactsCount: 1 } });
    expect((await t.http.put(`/contact-lists/${list.id}`, { name: "Z" }, a.token)).body).toMatchObject({ field: "name", message: "name: Too Short!" });
    expect((await t.http.del(`/contact-lists/${list.id}`, a.token)).status).toBe(200);
    expect((await t.http.get(`/contact-lists/${list.id}`, a.token)).status).toBe(404);
    expect((await t.http.get(`/contact-list-items/${item.id}`, a.token)).status).toBe(404);
    expect((await t.http.del(`/contact-lists/${list.id}`, a.token)).status).toBe(404);
  });

  it("another company's list is not found on every route; bad ids are 400", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const theirs = await newList(b, "Lista de B");
    expect((await t.http.get(`/contact-lists/${theirs.id}`, a.token)).status).toBe(404);
    expect((await t.http.put(`/contact-lists/${theirs.id}`, { name: "Invadida" }, a.token)).status).toBe(404);
    expect((await t.http.del(`/contact-lists/${theirs.id}`, a.token)).status).toBe(404);
    expect((await t.http.get(`/contact-list-items?contactListId=${theirs.id}`, a.token)).status).toBe(404);
    expect((await t.http.get(`/contact-lists/${theirs.id}`, b.token)).body).toMatchObject({ name: "Lista de B" });
    for (const id of ["abc", "0", "-1", "2147483648"]) expect(await t.http.get(`/contact-lists/${id}`, a.token)).toMatchObject({ status: 400, body: { field: "id" } });
  });
});

describe("contact list items", () => {
  it("POST /contact-list-items adds a contact with its number as digits; GET /contact-list-items/:id shows it", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const res = await t.http.post("/contact-list-items", { name: " Bruno Costa ", number: "+55 (11) 98888-1002", email: "bruno@example.com", contactListId: list.id, companyId: 999 }, a.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Bruno Costa",
      number: "5511988881002",
      email: "bruno@example.com",
      isWhatsappValid: null,
      contactListId: list.id,
      companyId: a.company.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.http.get(`/contact-list-items/${res.body.id}`, a.token)).body).toEqual(res.body);
  });

  it("validates with the dialog's texts and names the field", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const base = { name: "Carla Dias", number: "5511988881003", email: "", contactListId: list.id };
    for (const [body, field, message] of [
      [{ ...base, name: undefined }, "name", "Required"],
      [{ ...base, name: "C" }, "name", "Too Short!"],
      [{ ...base, name: "c".repeat(51) }, "name", "Too Long!"],
      [{ ...base, number: undefined }, "number", "Required"],
      [{ ...base, number: "" }, "number", "Required"],
      [{ ...base, number: "1234-567" }, "number", "Too Short!"],
      [{ ...base, number: "9".repeat(51) }, "number", "Too Long!"],
      [{ ...base, number: true }, "number", "Invalid value"],
      [{ ...base, email: "carla@" }, "email", "Invalid email"],
      [{ ...base, contactListId: undefined }, "contactListId", "Invalid value"],
      [{ ...base, contactListId: "lista" }, "contactListId", "Invalid value"],
    ] as const) {
      const res = await t.http.post("/contact-list-items", body, a.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", field, message: `${field}: ${message}` });
    }
    // 8 digits after the formatting is stripped is enough
    expect((await t.http.post("/contact-list-items", { ...base, number: "1234-5678" }, a.token)).status).toBe(201);
  });

  it("keeps one item per number in a list: a repeated number is refused with a 400 on number", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const other = await newList(a, "Outra lista");
    const first = await newItem(a, list.id, { number: "5511988881004" });
    expect(await t.http.post("/contact-list-items", { name: "Repetido", number: "+55 11 98888-1004", contactListId: list.id }, a.token)).toMatchObject({
      status: 400,
      body: { error: "ERR_DUPLICATED_CONTACT", field: "number" },
    });
    // the same number in another list is another item
    await newItem(a, other.id, { number: "5511988881004" });
    const second = await newItem(a, list.id, { name: "Segundo", number: "5511988881005" });
    expect(await t.http.put(`/contact-list-items/${second.id}`, { name: "Segundo", number: "5511988881004", email: "" }, a.token)).toMatchObject({
      status: 400,
      body: { error: "ERR_DUPLICATED_CONTACT", field: "number" },
    });
    expect((await t.http.get(`/contact-list-items/${first.id}`, a.token)).body.number).toBe("5511988881004");
  });

  it("GET /contact-list-items pages 20 by name with count and hasMore, searching name or number", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const other = await newList(a, "Outra lista");
    for (let i = 0; i < 21; i++) await newItem(a, list.id, { name: `Cliente ${String(i).padStart(2, "0")}`, number: `55119000000${String(i).padStart(2, "0")}` });
    await newItem(a, other.id, { name: "Cliente de outra lista" });
    const first = await t.http.get(`/contact-list-items?searchParam=&pageNumber=1&contactListId=${list.id}`, a.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.contacts).toHaveLength(20);
    const second = await t.http.get(`/contact-list-items?pageNumber=2&contactListId=${list.id}`, a.token);
    expect(second.body).toMatchObject({ count: 21, hasMore: false, contacts: [expect.objectContaining({ name: "Cliente 20" })] });
    const byName = await t.http.get(`/contact-list-items?searchParam=cliente%2007&contactListId=${list.id}`, a.token);
    expect(byName.body.contacts.map((c: { name: string }) => c.name)).toEqual(["Cliente 07"]);
    const byNumber = await t.http.get(`/contact-list-items?searchParam=${encodeURIComponent("(11) 900000015")}&contactListId=${list.id}`, a.token);
    expect(byNumber.body.contacts.map((c: { name: string }) => c.name)).toEqual(["Cliente 15"]);
    expect(await t.http.get("/contact-list-items?pageNumber=1", a.token)).toMatchObject({ status: 400, body: { field: "contactListId" } });
  });

  it("PUT /contact-list-items/:id changes name, number and email; the item stays in its list", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const other = await newList(a, "Outra lista");
    const item = await newItem(a, list.id);
    const res = await t.http.put(`/contact-list-items/${item.id}`, { name: "Ana Lima Souza", number: "55 11 98888-1099", email: "ana@example.com", contactListId: other.id, companyId: 999 }, a.token);
    expect(res).toMatchObject({ status: 200, body: { id: item.id, name: "Ana Lima Souza", number: "5511988881099", email: "ana@example.com", contactListId: list.id } });
    expect((await t.http.put(`/contact-list-items/${item.id}`, { name: "Ana", number: "5511988881099", email: "x" }, a.token)).body).toMatchObject({ field: "email", message: "email: Invalid email" });
  });

  it("another company's item or list is not found", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const theirList = await newList(b);
    const theirs = await newItem(b, theirList.id);
    expect((await t.http.get(`/contact-list-items/${theirs.id}`, a.token)).status).toBe(404);
    expect((await t.http.put(`/contact-list-items/${theirs.id}`, { name: "Invasor", number: "5511988880000" }, a.token)).status).toBe(404);
    expect((await t.http.del(`/contact-list-items/${theirs.id}`, a.token)).status).toBe(404);
    expect(await t.http.post("/contact-list-items", { name: "Invasor", number: "5511988880000", contactListId: theirList.id }, a.token)).toMatchObject({
      status: 404,
      body: { error: "ERR_NOT_FOUND", field: "contactListId" },
    });
    expect((await t.http.get(`/contact-list-items?contactListId=${theirList.id}`, b.token)).body.count).toBe(1);
  });

  it("DELETE /contact-list-items/:id removes the contact", async () => {
    const a = await signUpCompany(t.http);
    const list = await newList(a);
    const item = await newItem(a, list.id);
    expect((await t.http.del(`/contact-list-items/${item.id}`, a.token)).status).toBe(200);
    expect((await t.http.get(`/contact-list-items/${item.id}`, a.token)).status).toBe(404);
    expect((await t.http.get(`/contact-lists/${list.id}`, a.token)).body.contactsCount).toBe(0);
  });
});

describe("who may use contact lists", () => {
  it("admins and supervisors manage lists; only admins delete a list's contact; attendants get 403 everywhere", async () => {
    const a = await signUpCompany(t.http);
    const supervisor = await createAttendant(t, a.token, { profile: "supervisor" });
    const attendant = await createAttendant(t, a.token);
    const list = await newList(a);
    const item = await newItem(a, list.id);

    const bySupervisor = await t.http.post("/contact-lists", { name: "Da supervisão" }, supervisor.token);
    expect(bySupervisor.status).toBe(201);
    expect((await t.http.get(`/contact-list-items?contactListId=${list.id}`, supervisor.token)).body.count).toBe(1);
    expect((await t.http.put(`/contact-list-items/${item.id}`, { name: "Ana Supervisionada", number: "5511988881001" }, supervisor.token)).status).toBe(200);
    expect(await t.http.del(`/contact-list-items/${item.id}`, supervisor.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.del(`/contact-lists/${bySupervisor.body.id}`, supervisor.token)).status).toBe(200);

    for (const [method, path, body] of [
      ["GET", "/contact-lists/", undefined],
      ["GET", "/contact-lists/list", undefined],
      ["GET", `/contact-lists/${list.id}`, undefined],
      ["POST", "/contact-lists", { name: "Do atendente" }],
      ["PUT", `/contact-lists/${list.id}`, { name: "Do atendente" }],
      ["DELETE", `/contact-lists/${list.id}`, undefined],
      ["GET", "/contact-lists/example", undefined],
      ["GET", `/contact-list-items?contactListId=${list.id}`, undefined],
      ["GET", `/contact-list-items/${item.id}`, undefined],
      ["POST", "/contact-list-items", { name: "Do atendente", number: "5511988887777", contactListId: list.id }],
      ["PUT", `/contact-list-items/${item.id}`, { name: "Do atendente", number: "5511988887777" }],
      ["DELETE", `/contact-list-items/${item.id}`, undefined],
    ] as const) {
      const res = await t.http.request(method, path, { token: attendant.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await t.http.get("/contact-lists/")).status).toBe(401);
    expect((await t.http.get(`/contact-list-items/${item.id}`, a.token)).body.name).toBe("Ana Supervisionada");
  });
});

describe("companies without campaigns", () => {
  it("get 403 on every contact list route while neither their setting nor their plan enables campaigns", async () => {
    const root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
    const plan = await t.http.post("/plans", { name: unique("Sem campanhas "), users: 5, connections: 2, queues: 3, value: 29.9, useCampaigns: false }, root);
    expect(plan.status).toBe(201);
    const d = await signUpCompany(t.http, { planId: plan.body.id });
    const list = await newList(d, "Antes de desligar");
    expect((await t.http.put("/settings/campaignsEnabled", { value: "false" }, d.token)).status).toBe(200);
    for (const path of ["/contact-lists/", "/contact-lists/list", `/contact-lists/${list.id}`, `/contact-list-items?contactListId=${list.id}`]) {
      expect(await t.http.get(path, d.token), path).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
    expect((await t.http.post("/contact-lists", { name: "Depois" }, d.token)).status).toBe(403);
    expect((await t.http.put("/settings/campaignsEnabled", { value: "true" }, d.token)).status).toBe(200);
    expect((await t.http.get(`/contact-lists/${list.id}`, d.token)).status).toBe(200);
  });
});

describe("GET /contact-lists/example", () => {
  it("is an .xlsx with the columns the import reads, in the asked language", async () => {
    const XLSX = await import("@e965/xlsx");
    const a = await signUpCompany(t.http);
    const res = await fetch(`${t.url}/contact-lists/example?lang=es`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="planilha.xlsx"');
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "" });
    expect(rows[0]).toEqual(["nombre", "numero", "email"]);
    expect(rows).toHaveLength(3);
    expect(await t.http.get("/contact-lists/example?lang=fr", a.token)).toMatchObject({ status: 400, body: { field: "lang" } });
  });
});

describe("live events", () => {
  it("tells the company's sockets, and only them, of lists and items: company and per-list channels", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const sa = await connectSocket(t.url, a.token);
    const sb = await connectSocket(t.url, b.token);
    try {
      const cid = a.company.id;
      const listCreated = nextEvent(sa, `company-${cid}-ContactList`);
      const leak = nextEvent(sb, `company-${cid}-ContactList`, 1_500);
      const list = await newList(a, "Ao vivo");
      expect(await listCreated).toEqual({ action: "create", record: expect.objectContaining({ id: list.id, name: "Ao vivo", contactsCount: 0 }) });

      const onCompany = nextEvent(sa, `company-${cid}-ContactListItem`);
      const onList = nextEvent(sa, `company-${cid}-ContactListItem-${list.id}`);
      const counted = nextEvent(sa, `company-${cid}-ContactList`, 2_000, (p: { action: string; record?: { contactsCount: number } }) => p.record?.contactsCount === 1);
      const item = await newItem(a, list.id);
      const created = { action: "create", record: expect.objectContaining({ id: item.id, contactListId: list.id, number: "5511988881001" }) };
      expect(await onCompany).toEqual(created);
      expect(await onList).toEqual(created);
      expect(await counted).toMatchObject({ action: "update", record: { id: list.id } });

      const updated = nextEvent(sa, `company-${cid}-ContactListItem-${list.id}`);
      await t.http.put(`/contact-list-items/${item.id}`, { name: "Ana Renomeada", number: "5511988881001" }, a.token);
      expect(await updated).toEqual({ action: "update", record: expect.objectContaining({ id: item.id, name: "Ana Renomeada" }) });

      const deleted = nextEvent(sa, `company-${cid}-ContactListItem-${list.id}`);
      await t.http.del(`/contact-list-items/${item.id}`, a.token);
      expect(await deleted).toEqual({ action: "delete", id: item.id });

      const listDeleted = nextEvent(sa, `company-${cid}-ContactList`, 2_000, (p: { action: string }) => p.action === "delete");
      await t.http.del(`/contact-lists/${list.id}`, a.token);
      expect(await listDeleted).toEqual({ action: "delete", id: list.id });
      expect(await leak).toBeNull();
    } finally {
      sa.close();
      sb.close();
    }
  });
});

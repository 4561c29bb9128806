import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const form = (name: string, options: { id?: number; name: string }[] = []) => ({ name, message: "Segue nosso catálogo", options });
const create = (token: string, body: unknown) => t.http.post("/files", body, token);

describe("POST /files", () => {
  it("creates the list with its options in order, for the caller's company and user", async () => {
    const a = await signUpCompany(t.http);
    const res = await create(a.token, { ...form("  Catálogo  ", [{ name: "Tabela" }, { name: "Fotos" }]), userId: 999, companyId: 999 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: "Catálogo", message: "Segue nosso catálogo", userId: a.user.id, companyId: a.company.id });
    expect(res.body.options).toEqual([
      { id: expect.any(Number), fileId: res.body.id, name: "Tabela", path: null, mediaName: null, mediaType: null },
      { id: expect.any(Number), fileId: res.body.id, name: "Fotos", path: null, mediaName: null, mediaType: null },
    ]);
    const shown = await t.http.get(`/files/${res.body.id}`, a.token);
    expect(shown).toMatchObject({ status: 200, body: res.body });
  });

  it("names the field of every bad input with the spec's texts, and stores nothing", async () => {
    const a = await signUpCompany(t.http);
    const cases: [unknown, string, string][] = [
      [{ message: "x" }, "name", "name: Obrigatório"],
      [{ name: "   ", message: "x" }, "name", "name: Obrigatório"],
      [{ name: "ab", message: "x" }, "name", "name: nome muito curto"],
      [{ name: "Lista", message: "" }, "message", "message: Obrigatório"],
      [{ name: "Lista" }, "message", "message: Obrigatório"],
      [{ name: "x".repeat(101), message: "x" }, "name", "name: Too Long!"],
      [{ name: "Lista", message: "x", options: "muitas" }, "options", "options: Invalid value"],
      [{ name: "Lista", message: "x", options: [{ name: "" }] }, "options.0.name", "options.0.name: Obrigatório"],
      [{ name: "Lista", message: "x", options: [{ name: "ok" }, { id: "abc", name: "b" }] }, "options.1.id", "options.1.id: Invalid value"],
      [{ name: "Lista", message: "x", options: Array.from({ length: 11 }, (_, i) => ({ name: `o${i}` })) }, "options", "options: Too Long!"],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(a.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", field, message });
    }
    expect((await t.http.get("/files", a.token)).body.count).toBe(0);
  });

  it("is for admins: a user gets 403 before the body is even read; no token is 401", async () => {
    const a = await signUpCompany(t.http);
    const user = await createAttendant(t, a.token);
    expect(await create(user.token, form("Catálogo"))).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await create(user.token, { name: 1 })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const supervisor = await createAttendant(t, a.token, { profile: "supervisor" });
    expect((await create(supervisor.token, form("Catálogo"))).status).toBe(403);
    expect((await t.http.post("/files", form("Catálogo"))).status).toBe(401);
  });
});

describe("GET /files", () => {
  it("pages by name, 20 at a time, with count and hasMore; searches the name with % and _ taken literally", async () => {
    const a = await signUpCompany(t.http);
    for (let i = 0; i < 21; i++) await create(a.token, form(`Lista ${String(i).padStart(2, "0")}`));
    await create(a.token, form("Promoção 10%"));
    const first = await t.http.get("/files/?searchParam=&pageNumber=1", a.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.files).toHaveLength(20);
    expect(first.body.files[0].name).toBe("Lista 00");
    const second = await t.http.get("/files/?pageNumber=2", a.token);
    expect(second.body.files.map((f: { name: string }) => f.name)).toEqual(["Lista 20", "Promoção 10%"]);
    expect(second.body.hasMore).toBe(false);

    const search = await t.http.get(`/files/?searchParam=${encodeURIComponent("promoção 10%")}&pageNumber=1`, a.token);
    expect(search.body.files.map((f: { name: string }) => f.name)).toEqual(["Promoção 10%"]);
    expect((await t.http.get("/files/?searchParam=_&pageNumber=1", a.token)).body.count).toBe(0);
    expect((await t.http.get("/files/?searchParam=lista%201&pageNumber=1", a.token)).body.count).toBe(10);
  });

  it("with only companyId (the campaign dialog) answers every list of the caller's company", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    for (let i = 0; i < 22; i++) await create(a.token, form(`Lista ${String(i).padStart(2, "0")}`));
    await create(b.token, form("De outra empresa"));
    const all = await t.http.get(`/files/?companyId=${b.company.id}`, a.token);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 22, hasMore: false });
    expect(all.body.files).toHaveLength(22);
    expect(all.body.files.some((f: { name: string }) => f.name === "De outra empresa")).toBe(false);
  });

  it("is read by every user of the company; never another company's; a bad page is 400", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const user = await createAttendant(t, a.token);
    const list = (await create(a.token, form("Catálogo"))).body;
    expect((await t.http.get("/files/?pageNumber=1", user.token)).body.files.map((f: { id: number }) => f.id)).toEqual([list.id]);
    expect((await t.http.get(`/files/${list.id}`, user.token)).status).toBe(200);
    expect((await t.http.get("/files/?pageNumber=1", b.token)).body).toEqual({ files: [], count: 0, hasMore: false });
    expect(await t.http.get(`/files/${list.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    for (const bad of ["0", "-1", "abc", "1.5"]) {
      const res = await t.http.get(`/files/?pageNumber=${bad}`, a.token);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("pageNumber");
    }
    expect((await t.http.get("/files/abc", a.token)).body).toMatchObject({ error: "ERR_VALIDATION", field: "id" });
    expect((await t.http.get("/files/99999999999", a.token)).status).toBe(400);
    expect((await t.http.get("/files/?pageNumber=1")).status).toBe(401);
  });
});

describe("PUT /files/:id", () => {
  it("changes name and message, keeps the options named by id, adds new ones and removes those left out", async () => {
    const a = await signUpCompany(t.http);
    const list = (await create(a.token, form("Catálogo", [{ name: "Tabela" }, { name: "Fotos" }, { name: "Vídeo" }]))).body;
    const [tabela, fotos, video] = list.options;
    const res = await t.http.put(
      `/files/${list.id}`,
      { name: "Catálogo 2025", message: "Novidades", options: [{ ...video, name: "Vídeo curto" }, { id: tabela.id, name: "Tabela" }, { name: "Contrato" }], userId: 1 },
      a.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: list.id, name: "Catálogo 2025", message: "Novidades" });
    expect(res.body.options.map((o: { id: number; name: string }) => [o.id, o.name])).toEqual([
      [video.id, "Vídeo curto"],
      [tabela.id, "Tabela"],
      [expect.any(Number), "Contrato"],
    ]);
    expect(res.body.options.some((o: { id: number }) => o.id === fotos.id)).toBe(false);
    expect((await t.http.get(`/files/${list.id}`, a.token)).body.options).toEqual(res.body.options);

    // an id the list does not hold is a new option: nothing of another list is touched
    const other = (await create(a.token, form("Outra", [{ name: "Dela" }]))).body;
    const again = await t.http.put(`/files/${list.id}`, { name: "Catálogo 2025", message: "Novidades", options: [{ id: other.options[0].id, name: "Minha" }] }, a.token);
    expect(again.body.options).toEqual([expect.objectContaining({ name: "Minha" })]);
    expect(again.body.options[0].id).not.toBe(other.options[0].id);
    expect((await t.http.get(`/files/${other.id}`, a.token)).body.options).toEqual(other.options);

    // no options at all empties it
    const empty = await t.http.put(`/files/${list.id}`, { name: "Catálogo 2025", message: "Novidades", options: [] }, a.token);
    expect(empty.body.options).toEqual([]);
  });

  it("validates like POST, is for admins, and another company's list is not found", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const user = await createAttendant(t, a.token);
    const list = (await create(a.token, form("Catálogo"))).body;
    expect((await t.http.put(`/files/${list.id}`, { name: "ab", message: "x" }, a.token)).body).toMatchObject({ field: "name", message: "name: nome muito curto" });
    expect((await t.http.put(`/files/${list.id}`, form("Catálogo"), user.token)).status).toBe(403);
    expect(await t.http.put(`/files/${list.id}`, form("Roubado"), b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await t.http.put("/files/99999", form("Nenhum"), a.token)).status).toBe(404);
    expect((await t.http.get(`/files/${list.id}`, a.token)).body.name).toBe("Catálogo");
  });
});

describe("DELETE /files/:id", () => {
  it("deletes the list for an admin; a user gets 403, another company 404", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const user = await createAttendant(t, a.token);
    const list = (await create(a.token, form("Catálogo", [{ name: "Tabela" }]))).body;
    expect((await t.http.del(`/files/${list.id}`, user.token)).status).toBe(403);
    expect((await t.http.del(`/files/${list.id}`, b.token)).status).toBe(404);
    expect(await t.http.del(`/files/${list.id}`, a.token)).toMatchObject({ status: 200, body: { message: "File List deleted" } });
    expect((await t.http.get(`/files/${list.id}`, a.token)).status).toBe(404);
    expect((await t.http.del(`/files/${list.id}`, a.token)).status).toBe(404);
  });

  it("is kept in the audit log with the list's name", async () => {
    const a = await signUpCompany(t.http);
    const list = (await create(a.token, form("Lista auditada"))).body;
    await t.http.del(`/files/${list.id}`, a.token);
    await expect
      .poll(async () => (await t.http.get("/audit-logs?action=fileList.deleted", a.token)).body.auditLogs?.map((r: { summary: string; entityId: string }) => [r.summary, r.entityId]))
      .toEqual([["Lista auditada", String(list.id)]]);
  });
});

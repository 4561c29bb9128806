import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { tags, ticketTags, ticketTrackings, whatsapps } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let ana: Awaited<ReturnType<typeof createAttendant>>;
const ids = { vendas: 0, suporte: 0, loja: 0, vip: 0, formula: 0 };
const MARCH = "from=2024-03-01&to=2024-03-03";
const FORMULA_TAG = '=HYPERLINK("http://x")';

const utc = (iso: string) => new Date(`${iso}Z`);
const plus = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

/** One ticket with one service cycle queued at `queuedAt`, answered and finished `fr` and `res` seconds later. */
async function cycle(companyId: number, c: { queuedAt: Date; userId?: number; queueId?: number; whatsappId?: number; fr?: number; res?: number; rate?: number; tagIds?: number[] }) {
  const db = t.built.ctx.db;
  const contact = await insertContact(t, companyId);
  const ticket = await insertTicket(t, companyId, contact.id, { status: c.res ? "closed" : "open", userId: c.userId ?? null, queueId: c.queueId ?? null, whatsappId: c.whatsappId ?? null });
  await db.insert(ticketTrackings).values({
    companyId,
    ticketId: ticket.id,
    userId: c.userId ?? null,
    whatsappId: c.whatsappId ?? null,
    queuedAt: c.queuedAt,
    startedAt: c.userId ? c.queuedAt : null,
    firstResponseAt: c.fr === undefined ? null : plus(c.queuedAt, c.fr),
    finishedAt: c.res === undefined ? null : plus(c.queuedAt, c.res),
    rated: c.rate !== undefined,
    rate: c.rate ?? null,
  });
  for (const tagId of c.tagIds ?? []) await db.insert(ticketTags).values({ companyId, ticketId: ticket.id, tagId });
}

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  expect((await t.http.put("/settings/timeZone", { value: "America/Sao_Paulo" }, a.token)).status).toBe(200);
  ana = await createAttendant(t, a.token, { name: "Ana" });
  ids.vendas = (await t.http.post("/queue", { name: "Vendas", color: "#111111", greetingMessage: "" }, a.token)).body.id;
  ids.suporte = (await t.http.post("/queue", { name: "Suporte", color: "#222222", greetingMessage: "" }, a.token)).body.id;
  const db = t.built.ctx.db;
  ids.loja = (
    await db
      .insert(whatsapps)
      .values({ companyId: a.company.id, name: "Loja", token: `rep-${Date.now()}` })
      .returning()
  )[0].id;
  ids.vip = (await db.insert(tags).values({ companyId: a.company.id, name: "VIP" }).returning())[0].id;
  ids.formula = (await db.insert(tags).values({ companyId: a.company.id, name: FORMULA_TAG }).returning())[0].id;
  const A = a.company.id;
  // São Paulo is UTC−3: 02:30 UTC on March 2 is still March 1 there
  await cycle(A, { queuedAt: utc("2024-03-01T12:00:00"), userId: ana.id, queueId: ids.vendas, whatsappId: ids.loja, fr: 60, res: 600, rate: 3, tagIds: [ids.vip] });
  await cycle(A, { queuedAt: utc("2024-03-02T02:30:00"), userId: ana.id, queueId: ids.vendas, whatsappId: ids.loja, fr: 120, res: 1200, rate: 2, tagIds: [ids.vip, ids.formula] });
  await cycle(A, { queuedAt: utc("2024-03-02T13:00:00"), userId: a.user.id, queueId: ids.suporte, fr: 300, res: 3000 });
  await cycle(A, { queuedAt: utc("2024-03-03T12:00:00") }); // waiting, nobody took it
  await cycle(A, { queuedAt: utc("2024-03-04T02:59:00"), userId: ana.id, queueId: ids.vendas, fr: 30, res: 60, rate: 1 }); // 23:59 on March 3
  await cycle(A, { queuedAt: utc("2024-03-01T02:00:00"), userId: ana.id, fr: 5, res: 5, rate: 3 }); // 23:00 on February 29: outside
  await cycle(b.company.id, { queuedAt: utc("2024-03-02T12:00:00"), fr: 1, res: 2, rate: 1 });
});
afterAll(() => t?.close());

const report = (query: string, token = a.token) => t.http.get(`/reports/service?${query}`, token);

describe("GET /reports/service", () => {
  it("totals the period's cycles in the company's days: counts, average, median, p90 and ratings", async () => {
    const res = await report(MARCH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: "America/Sao_Paulo", from: "2024-03-01", to: "2024-03-03", groupBy: "day" });
    expect(res.body.totals).toEqual({
      key: null,
      label: null,
      conversations: 5,
      resolved: 4,
      answered: 4,
      firstResponse: { avgSeconds: 128, medianSeconds: 90, p90Seconds: 246 },
      resolution: { avgSeconds: 1215, medianSeconds: 900, p90Seconds: 2460 },
      ratings: { 1: 1, 2: 1, 3: 1 },
      rated: 3,
      ratedShare: 0.75,
      averageRating: 2,
    });
  });

  it("lists every day of the period, the company's day boundaries deciding", async () => {
    const res = await report(`from=2024-02-29&to=2024-03-04`);
    expect(res.body.rows.map((r: { key: string; conversations: number }) => [r.key, r.conversations])).toEqual([
      ["2024-02-29", 1],
      ["2024-03-01", 2],
      ["2024-03-02", 1],
      ["2024-03-03", 2],
      ["2024-03-04", 0],
    ]);
    const empty = res.body.rows[4];
    expect(empty).toMatchObject({ label: "2024-03-04", firstResponse: { avgSeconds: null, medianSeconds: null, p90Seconds: null }, rated: 0, ratedShare: null, averageRating: null });
  });

  it("groups by attendant, queue, connection and tag, with the cycles without one last", async () => {
    const figures = async (groupBy: string) => ((await report(`${MARCH}&groupBy=${groupBy}`)).body.rows as { key: string | null; label: string | null; conversations: number }[]).map((r) => [r.label, r.conversations]);
    expect(await figures("attendant")).toEqual(
      expect.arrayContaining([
        ["Ana", 3],
        [a.user.name, 1],
      ]),
    );
    expect((await figures("attendant")).at(-1)).toEqual([null, 1]);
    expect(await figures("queue")).toEqual([
      ["Suporte", 1],
      ["Vendas", 3],
      [null, 1],
    ]);
    expect(await figures("connection")).toEqual([
      ["Loja", 2],
      [null, 3],
    ]);
    expect(await figures("tag")).toEqual([
      [FORMULA_TAG, 1],
      ["VIP", 2],
      [null, 3],
    ]);

    const byAttendant = await report(`${MARCH}&groupBy=attendant`);
    const anaRow = byAttendant.body.rows.find((r: { key: string }) => r.key === String(ana.id));
    expect(anaRow).toMatchObject({ firstResponse: { avgSeconds: 70, medianSeconds: 60, p90Seconds: 108 }, ratings: { 1: 1, 2: 1, 3: 1 }, rated: 3, ratedShare: 1, averageRating: 2 });
  });

  it("filters by queue, attendant and connection", async () => {
    expect((await report(`${MARCH}&queueId=${ids.vendas}`)).body.totals.conversations).toBe(3);
    expect((await report(`${MARCH}&userId=${a.user.id}`)).body.totals.conversations).toBe(1);
    expect((await report(`${MARCH}&whatsappId=${ids.loja}&groupBy=tag`)).body.totals.conversations).toBe(2);
  });

  it("answers 400 naming the field for bad input", async () => {
    expect(await report("to=2024-03-01")).toMatchObject({ status: 400, body: { field: "from" } });
    expect(await report("from=2024-03-05&to=2024-03-01")).toMatchObject({ status: 400, body: { field: "to" } });
    expect(await report("from=2024-01-01&to=2025-01-01")).toMatchObject({ status: 400, body: { field: "to" } });
    expect((await report("from=2024-01-01&to=2024-12-31")).status).toBe(200);
    expect(await report(`${MARCH}&groupBy=weekday`)).toMatchObject({ status: 400, body: { field: "groupBy" } });
    expect(await report(`${MARCH}&format=pdf`)).toMatchObject({ status: 400, body: { field: "format" } });
    expect(await report(`${MARCH}&queueId=abc`)).toMatchObject({ status: 400, body: { field: "queueId" } });
  });

  it("is for admins and supervisors, and only of their own company", async () => {
    const attendant = await createAttendant(t, a.token);
    expect((await report(MARCH, attendant.token)).status).toBe(403);
    const supervisor = await createAttendant(t, a.token, { profile: "supervisor" });
    expect((await report(MARCH, supervisor.token)).body.totals.conversations).toBe(5);
    const other = await report(MARCH, b.token);
    expect(other.body.totals).toMatchObject({ conversations: 1, rated: 1 });
    expect((await report(`${MARCH}&queueId=${ids.vendas}`, b.token)).body.totals.conversations).toBe(0);
  });

  it("downloads the table as CSV: BOM, headers, rows, the total last, formulas neutralised", async () => {
    const res = await fetch(`${t.http.base}/reports/service?${MARCH}&groupBy=tag&format=csv&lang=en`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('attachment; filename="service-tag-2024-03-01-2024-03-03.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Key,Name,Conversations,Resolved,Answered,First response avg (s),First response median (s),First response p90 (s),Resolution avg (s),Resolution median (s),Resolution p90 (s),Rated 1,Rated 2,Rated 3,Rated,Rated share,Average rating",
    );
    expect(lines[1]).toBe(`${ids.formula},"'=HYPERLINK(""http://x"")",1,1,1,120,120,120,1200,1200,1200,0,1,0,1,1,2`);
    expect(lines.at(-1)).toBe(",Total,5,4,4,128,90,246,1215,900,2460,1,1,1,3,0.75,2");
    expect(lines).toHaveLength(5);
  });

  it("downloads the table as XLSX with numbers as numbers", async () => {
    const res = await fetch(`${t.http.base}/reports/service?${MARCH}&groupBy=queue&format=xlsx&lang=en`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: "buffer" });
    const grid = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: null });
    expect(grid[0].slice(0, 3)).toEqual(["Key", "Name", "Conversations"]);
    expect(grid.slice(1).map((r) => [r[1], r[2]])).toEqual([
      ["Suporte", 1],
      ["Vendas", 3],
      ["No queue", 1],
      ["Total", 5],
    ]);
    expect(grid[2][14]).toBe(3);
  });

  it("writes the export in the caller's language: lang, else Accept-Language, else Portuguese", async () => {
    const csv = async (query: string, acceptLanguage?: string) => {
      const res = await fetch(`${t.http.base}/reports/service?${MARCH}&groupBy=queue&format=csv${query}`, {
        headers: { authorization: `Bearer ${a.token}`, ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) },
      });
      expect(res.status).toBe(200);
      return (await res.text())
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
    };
    const pt = await csv("", "de-DE,de;q=0.9");
    expect(pt[0]).toMatch(/^Chave,Nome,Conversas,Resolvidas,Respondidas,1ª resposta média \(s\),/);
    expect(pt.slice(-2).map((line) => line.split(",")[1])).toEqual(["Sem fila", "Total"]);
    const es = await csv("&lang=es", "en-US,en;q=0.9");
    expect(es[0]).toMatch(/^Clave,Nombre,Conversaciones,Resueltas,/);
    expect(es.at(-2)?.split(",")[1]).toBe("Sin cola");
    expect((await csv("", "fr;q=1, es-AR;q=0.8, en;q=0.5"))[0]).toMatch(/^Clave,Nombre,/);
    // the JSON answer does not change with the language
    expect((await report(`${MARCH}&groupBy=queue&lang=es`)).body.rows.at(-1)).toMatchObject({ key: null, label: null });
  });

  it("refuses an unknown export language naming lang", async () => {
    const res = await t.http.get(`/reports/service?${MARCH}&format=csv&lang=fr`, a.token);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe("lang");
  });
});

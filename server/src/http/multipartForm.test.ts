import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";
import { insertContact } from "../test/workspaceFixtures";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let sandbox: { id: number; token: string };
let ticketId: number;
let quickMessageId: number;
let scheduleId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  sandbox = await pairedSandbox(t.http, a.token, "Formulários");
  ticketId = (await customerSays(t.http, sandbox, "5511955556666", "oi")).ticket.id;
  await t.http.put(`/tickets/${ticketId}`, { status: "open", userId: a.user.id }, a.token);
  quickMessageId = (await t.http.post("/quick-messages", { shortcode: "forma", message: "texto" }, a.token)).body.id;
  const contact = await insertContact(t, a.company.id);
  scheduleId = (await t.http.post("/schedules", { body: "Lembrete agendado", contactId: contact.id, sendAt: new Date(Date.now() + 86_400_000).toISOString() }, a.token)).body.id;
});
afterAll(async () => t?.close());

const B = "----balcaoForm";
const filePart = (name: string, filename: string, data: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${data}\r\n`;
const fieldPart = (name: string, value: string) => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const whole = (...parts: string[]) => `${parts.join("")}--${B}--\r\n`;

/** Each upload route with the token it takes and a well-formed form's parts. */
const routes = () => [
  { url: `/messages/${ticketId}`, token: a.token, parts: [fieldPart("body", "legenda"), filePart("medias", "foto.png", "PNGDATA")] },
  { url: `/quick-messages/${quickMessageId}/media-upload`, token: a.token, parts: [fieldPart("typeArch", "quickMessage"), filePart("file", "foto.png", "PNGDATA")] },
  { url: `/schedules/${scheduleId}/media-upload`, token: a.token, parts: [filePart("file", "foto.png", "PNGDATA")] },
  { url: "/contacts/import", token: a.token, parts: [filePart("file", "contatos.csv", "nome,numero\nAna,5511999990000\n")] },
  { url: "/api/messages/send", token: sandbox.token, parts: [fieldPart("number", "5511955556666"), fieldPart("body", "legenda"), filePart("medias", "foto.png", "PNGDATA")] },
];

async function post(url: string, token: string, contentType: string, body: string) {
  const res = await fetch(t.url + url, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": contentType }, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const malformed: Array<[string, string, (parts: string[]) => string]> = [
  ["no boundary", "multipart/form-data", (parts) => whole(...parts)],
  ["an empty boundary", "multipart/form-data; boundary=", (parts) => whole(...parts)],
  ["a boundary longer than busboy reads", `multipart/form-data; boundary=${"x".repeat(300)}`, (parts) => whole(...parts)],
  ["a body cut inside a file", `multipart/form-data; boundary=${B}`, (parts) => parts.join("").slice(0, -12)],
  ["a body without its closing boundary", `multipart/form-data; boundary=${B}`, (parts) => parts.join("")],
  ["a part without headers", `multipart/form-data; boundary=${B}`, () => `--${B}\r\n\r\nnada\r\n--${B}--\r\n`],
];

describe("a malformed multipart form", () => {
  for (const [what, contentType, body] of malformed) {
    it(`with ${what} answers 400 ERR_VALIDATION on every upload route`, async () => {
      for (const route of routes()) {
        const res = await post(route.url, route.token, contentType, body(route.parts));
        expect(res.status, `${route.url}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${route.url}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        expect(res.body.error, route.url).toBe("ERR_VALIDATION");
      }
    });
  }

  it("sent under another content type answers 4xx ERR_VALIDATION", async () => {
    for (const route of routes()) {
      for (const type of ["text/plain", "application/json", "multipart/mixed; boundary=" + B]) {
        const res = await post(route.url, route.token, type, whole(...route.parts));
        expect([400, 415], `${route.url} ${type}: ${JSON.stringify(res.body)}`).toContain(res.status);
        expect(res.body.error).toBe("ERR_VALIDATION");
      }
    }
  });

  it("with a NUL in a text field or a file name answers 400 naming the field and stores nothing", async () => {
    const before = (await t.http.get(`/messages/${ticketId}`, a.token)).body.count;
    const type = `multipart/form-data; boundary=${B}`;
    expect(await post(`/messages/${ticketId}`, a.token, type, whole(fieldPart("body", "oi\u0000")))).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "body", message: "body: Invalid value" } });
    expect(await post(`/messages/${ticketId}`, a.token, type, whole(filePart("medias", "a\u0000.png", "PNG")))).toMatchObject({ status: 400, body: { field: "medias" } });
    expect(await post("/api/messages/send", sandbox.token, type, whole(fieldPart("number", "5511955556666"), fieldPart("body", "\u0000")))).toMatchObject({ status: 400, body: { field: "body" } });
    expect(await post(`/quick-messages/${quickMessageId}/media-upload`, a.token, type, whole(filePart("file", "x\u0000.png", "PNG")))).toMatchObject({ status: 400, body: { field: "file" } });
    expect(await post(`/schedules/${scheduleId}/media-upload`, a.token, type, whole(filePart("file", "x\u0000.png", "PNG")))).toMatchObject({ status: 400, body: { field: "file" } });
    expect((await t.http.get(`/messages/${ticketId}`, a.token)).body.count).toBe(before);
  });

  it("leaves a well-formed upload working", async () => {
    const type = `multipart/form-data; boundary=${B}`;
    for (const route of routes()) {
      const res = await post(route.url, route.token, type, whole(...route.parts));
      expect(res.status, `${route.url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });
});

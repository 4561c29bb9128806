import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestApp, type TestApp } from "../test/harness";

const CLIENT = "http://client.example.test:3000";

describe("a client on another origin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { FRONTEND_URL: CLIENT } });
  });
  afterAll(() => t?.close());

  const preflight = (origin: string, method: string) =>
    fetch(`${t.url}/tickets/1`, { method: "OPTIONS", headers: { origin, "access-control-request-method": method, "access-control-request-headers": "authorization,content-type" } });

  it("may send every method the API uses, with credentials and its two headers", async () => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await preflight(CLIENT, method);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(CLIENT);
      expect(res.headers.get("access-control-allow-credentials")).toBe("true");
      expect(res.headers.get("access-control-allow-methods")?.replace(/\s/g, "")).toBe("GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS");
      expect(res.headers.get("access-control-allow-headers")?.replace(/\s/g, "").toLowerCase()).toBe("authorization,content-type");
    }
  });

  it("is not allowed from an origin that was not configured", async () => {
    const res = await preflight("http://elsewhere.example.test", "PUT");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("gets the same answer with and without a trailing slash", async () => {
    const { token } = await t.http.login(ADMIN.email, ADMIN.password);
    for (const path of ["/whatsapp/?session=0", "/contacts/?searchParam=&pageNumber=1", "/settings/", "/users/", "/tags/", "/queue/", "/schedules/"]) {
      const withSlash = await t.http.get(path, token);
      const without = await t.http.get(path.replace("/?", "?").replace(/\/$/, ""), token);
      expect(withSlash.status, path).toBe(200);
      expect(withSlash.body, path).toEqual(without.body);
    }
  });

  it("never takes an empty segment for an id", async () => {
    const { token } = await t.http.login(ADMIN.email, ADMIN.password);
    const res = await t.http.get("/contacts//", token);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

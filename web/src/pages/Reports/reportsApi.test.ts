import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const get = vi.fn();
vi.mock("../../api/client", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
let language = "es";
vi.mock("../../i18n", () => ({ currentLanguage: () => language }));

const { downloadReport } = await import("./reportsApi");

describe("downloadReport", () => {
  const link = { href: "", download: "", click: vi.fn(), remove: vi.fn() };

  beforeEach(() => {
    get.mockResolvedValue({ data: new Blob(["x"]), headers: { "content-disposition": 'attachment; filename="sla-2026-03-01-2026-03-02.csv"' } });
    vi.stubGlobal("document", { createElement: () => link, body: { appendChild: vi.fn() } });
    vi.stubGlobal("window", { setTimeout: vi.fn() });
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:report");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    get.mockReset();
  });

  it("asks for the table in the user's current language and saves it under the server's name", async () => {
    const progress: (number | null)[] = [];
    await downloadReport("/reports/sla", { from: "2026-03-01", to: "2026-03-02" }, "csv", (p) => progress.push(p));
    expect(get).toHaveBeenCalledWith("/reports/sla", expect.objectContaining({ params: { from: "2026-03-01", to: "2026-03-02", format: "csv", lang: "es" }, responseType: "blob" }));
    expect(link.download).toBe("sla-2026-03-01-2026-03-02.csv");
    expect(link.click).toHaveBeenCalledOnce();
    expect(progress.at(-1)).toBe(100);

    language = "pt";
    await downloadReport("/reports/service", { from: "2026-03-01", to: "2026-03-02", groupBy: "queue" }, "xlsx", () => undefined);
    expect(get.mock.calls.at(-1)?.[1].params).toEqual({ from: "2026-03-01", to: "2026-03-02", groupBy: "queue", format: "xlsx", lang: "pt" });
  });
});

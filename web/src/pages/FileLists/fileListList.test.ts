import { describe, expect, it, vi } from "vitest";
import { V } from "@balcao/common";
import i18n from "../../i18n";
import { fileListErrorText, nameFromFile, pendingUploads, refuseOptionFile, toFileListFormValues, type FileOptionRow } from "./fileListForm";
import { matchesSearch, removeFileList, replaceFileList, type FileListPages } from "./fileListList";
import type { FileListRecord } from "./fileListsApi";

// (hoisted above the imports) The app's i18n module reads localStorage; an instance with the three languages stands in.
vi.mock("../../i18n", async () => {
  const { createInstance } = await import("i18next");
  const [{ pt }, { en }, { es }] = await Promise.all([import("../../i18n/locales/pt"), import("../../i18n/locales/en"), import("../../i18n/locales/es")]);
  const i18n = createInstance();
  await i18n.init({ resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } }, lng: "pt", fallbackLng: "pt" });
  return { default: i18n };
});

const record = (id: number, over: Partial<FileListRecord> = {}): FileListRecord => ({ id, name: `Lista ${id}`, message: "Veja", userId: 1, companyId: 1, options: [], ...over });
const option = (id: number, name: string, path: string | null = null) => ({ id, fileId: 1, name, path, mediaName: path ? `${name}.pdf` : null, mediaType: path ? "application/pdf" : null });

const pages = (...lists: FileListRecord[][]): FileListPages => ({
  pages: lists.map((records, i) => ({ records, count: 3, hasMore: i < lists.length - 1 })),
  pageParams: lists.map((_, i) => i + 1),
});

describe("file list cache", () => {
  it("replaces a listed record in place and reports a missing one", () => {
    const data = pages([record(1), record(2)], [record(3)]);
    const updated = replaceFileList(data, record(3, { name: "Nova" }));
    expect(updated.found).toBe(true);
    expect(updated.data?.pages[1].records[0].name).toBe("Nova");
    expect(replaceFileList(data, record(9)).found).toBe(false);
  });

  it("removes a record from whichever page holds it", () => {
    const data = removeFileList(pages([record(1), record(2)], [record(3)]), 2);
    expect(data?.pages.map((p) => p.records.map((r) => r.id))).toEqual([[1], [3]]);
    expect(data?.pages[0].count).toBe(2);
  });

  it("matches the search on the name, ignoring case", () => {
    expect(matchesSearch(record(1, { name: "Catálogo" }), "CAT")).toBe(true);
    expect(matchesSearch(record(1, { message: "catálogo" }), "cat")).toBe(false);
    expect(matchesSearch(record(1), "")).toBe(true);
  });
});

describe("file list form", () => {
  it("pairs each chosen file with the saved option in the same place", () => {
    const a = new File(["x"], "a.pdf");
    const b = new File(["y"], "b.png");
    const rows: FileOptionRow[] = [
      { id: null, name: "A", stored: null, file: a },
      { id: 5, name: "Kept", stored: { path: "/media/files/options/5", mediaName: "k.pdf" }, file: null },
      { id: null, name: "B", stored: null, file: b },
    ];
    const saved = record(1, { options: [option(10, "A"), option(5, "Kept", "/media/files/options/5"), option(11, "B")] });
    expect(pendingUploads(rows, saved).map((u) => [u.option.id, u.file.name])).toEqual([
      [10, "a.pdf"],
      [11, "b.png"],
    ]);
  });

  it("reads a stored list into rows with their stored files", () => {
    const values = toFileListFormValues(record(1, { options: [option(5, "Tabela", "/media/files/options/5"), option(6, "Sem arquivo")] }));
    expect(values.options).toEqual([
      { id: 5, name: "Tabela", stored: { path: "/media/files/options/5", mediaName: "Tabela.pdf" }, file: null },
      { id: 6, name: "Sem arquivo", stored: null, file: null },
    ]);
  });

  it("refuses files of other kinds or over 16 MB, and names an option after its file", async () => {
    await i18n.changeLanguage("pt");
    expect(refuseOptionFile({ name: "tabela.pdf", size: 1000 })).toBeNull();
    expect(refuseOptionFile({ name: "script.exe", size: 10 })).toMatch(/Escolha/);
    expect(refuseOptionFile({ name: "video.mp4", size: 17 * 1024 * 1024 })).toMatch(/16 MB/);
    expect(nameFromFile("tabela de preços.pdf")).toBe("tabela de preços");
  });

  it("shows the spec's texts in the user's language", async () => {
    await i18n.changeLanguage("pt");
    expect(fileListErrorText(V.nameTooShortPt)).toBe("nome muito curto");
    expect(fileListErrorText(V.requiredPt)).toBe("Obrigatório");
    await i18n.changeLanguage("en");
    expect(fileListErrorText(V.nameTooShortPt)).toBe("name too short");
    await i18n.changeLanguage("pt");
  });
});

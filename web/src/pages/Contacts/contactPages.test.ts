import { describe, expect, it } from "vitest";
import type { ContactView } from "@balcao/common";
import { contactsCount, flattenContacts, matchesSearch, removeContact, upsertContact, type ContactPages } from "./contactPages";

const contact = (id: number, name: string, number = ""): ContactView => ({
  id,
  name,
  number,
  lid: null,
  username: null,
  email: "",
  profilePicUrl: "",
  urlPicture: "",
  isGroup: false,
  extraInfo: [],
  whatsappId: null,
  companyId: 1,
  createdAt: "",
  updatedAt: "",
});

const pages = (lists: ContactView[][], hasMore: boolean, count = 10): ContactPages => ({
  pages: lists.map((contacts, i) => ({ contacts, count, hasMore: i < lists.length - 1 || hasMore })),
  pageParams: lists.map((_, i) => i + 1),
});

const names = (data: ContactPages | undefined) => flattenContacts(data).map((c) => c.name);

describe("the contacts list cache", () => {
  const ana = contact(1, "Ana", "5511900000001");
  const carla = contact(2, "Carla", "5511900000002");
  const eva = contact(3, "Eva", "5511900000003");

  it("puts a new contact in its place by name, or leaves it to a page not loaded yet", () => {
    expect(names(upsertContact(pages([[ana, eva]], true), contact(9, "Bia"), ""))).toEqual(["Ana", "Bia", "Eva"]);
    expect(names(upsertContact(pages([[ana, carla]], false), contact(9, "Zeca"), ""))).toEqual(["Ana", "Carla", "Zeca"]);
    expect(names(upsertContact(pages([[ana, carla]], true), contact(9, "Zeca"), ""))).toEqual(["Ana", "Carla"]);
    expect(contactsCount(upsertContact(pages([[ana, eva]], true, 7), contact(9, "Bia"), ""))).toBe(8);
  });

  it("replaces a known contact where it is, and adds a new one only when it matches the search", () => {
    expect(names(upsertContact(pages([[ana, carla]], false), { ...carla, name: "Carla Souza" }, "zzz"))).toEqual(["Ana", "Carla Souza"]);
    expect(names(upsertContact(pages([[ana]], false), contact(9, "Bruno", "5521988887777"), "carla"))).toEqual(["Ana"]);
    expect(names(upsertContact(pages([[ana]], false), contact(9, "Bruno", "5521988887777"), "(21) 98888"))).toEqual(["Ana", "Bruno"]);
  });

  it("shows a contact once when a live insert pushed it into the next page too", () => {
    expect(
      names(
        pages(
          [
            [ana, carla],
            [carla, eva],
          ],
          false,
        ),
      ),
    ).toEqual(["Ana", "Carla", "Eva"]);
  });

  it("removes a deleted contact and lowers the count", () => {
    const after = removeContact(pages([[ana, carla, eva]], false, 3), 2);
    expect(names(after)).toEqual(["Ana", "Eva"]);
    expect(contactsCount(after)).toBe(2);
    expect(contactsCount(removeContact(pages([[ana]], false, 1), 99))).toBe(1);
  });

  it("matches the search on name (any case) or number digits", () => {
    expect(matchesSearch(ana, "AN")).toBe(true);
    expect(matchesSearch(ana, "+55 11 9000")).toBe(true);
    expect(matchesSearch(ana, "carla")).toBe(false);
    expect(matchesSearch(ana, "  ")).toBe(true);
  });
});

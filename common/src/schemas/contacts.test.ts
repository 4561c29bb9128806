import { describe, expect, it } from "vitest";
import { contactFormSchema } from "./contacts";
import { tagFormSchema } from "./tags";
import { ticketNoteFormSchema } from "./ticketNotes";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error && [r.error.issues[0].path.join("."), r.error.issues[0].message];

describe("contact form schema", () => {
  it("keeps the digits of a formatted number and fills the optional fields", () => {
    expect(contactFormSchema.parse({ name: " Ana ", number: "+55 (11) 91234-5678" })).toEqual({ name: "Ana", number: "5511912345678", email: "", extraInfo: [] });
    expect(contactFormSchema.parse({ name: "Ana", number: null, email: null })).toMatchObject({ number: "", email: "" });
  });

  it("gives the spec's messages", () => {
    expect(firstMessage(contactFormSchema.safeParse({ name: "A" }))).toEqual(["name", "Too Short!"]);
    expect(firstMessage(contactFormSchema.safeParse({}))).toEqual(["name", "Required"]);
    expect(firstMessage(contactFormSchema.safeParse({ name: "Ana", number: "123" }))).toEqual(["number", "Too Short!"]);
    expect(firstMessage(contactFormSchema.safeParse({ name: "Ana", email: "x@" }))).toEqual(["email", "Invalid email"]);
  });
});

describe("tag and note form schemas", () => {
  it("use the spec's texts", () => {
    expect(firstMessage(tagFormSchema.safeParse({ name: "" }))).toEqual(["name", "Obrigatório"]);
    expect(firstMessage(tagFormSchema.safeParse({ name: "ab" }))).toEqual(["name", "Mensagem muito curta"]);
    expect(tagFormSchema.parse({ name: "Vendas", color: "" })).toEqual({ name: "Vendas", color: "#5C59A0", kanban: 0 });
    expect(firstMessage(ticketNoteFormSchema.safeParse({ note: "a" }))).toEqual(["note", "Too Short!"]);
  });
});

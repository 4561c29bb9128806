import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createUserFormSchema, loginBody, tagFormSchema, V } from "@balcao/common";
import "../app/zodConfig";
import { translateValidation } from "./validation";

// (hoisted above the imports) The app's i18n module reads localStorage; an instance with the three languages stands in.
vi.mock("./index", async () => {
  const { createInstance } = await import("i18next");
  const [{ pt }, { en }, { es }] = await Promise.all([import("./locales/pt"), import("./locales/en"), import("./locales/es")]);
  const i18n = createInstance();
  await i18n.init({ resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } }, lng: "pt", fallbackLng: "pt" });
  return { default: i18n };
});

const i18n = (await import("./index")).default;

/** The translated message of each failing field, as a form shows it. */
function shown(schema: z.ZodType, values: unknown) {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), translateValidation(issue.message)]));
}

describe("translateValidation", () => {
  beforeAll(() => i18n.changeLanguage("pt"));

  it.each([
    ["pt", { required: "Obrigatório", tooShort: "Muito curto!", tooLong: "Muito longo!", email: "E-mail inválido", message: "Mensagem muito curta" }],
    ["en", { required: "Required", tooShort: "Too Short!", tooLong: "Too Long!", email: "Invalid email", message: "Message too short" }],
    ["es", { required: "Obligatorio", tooShort: "¡Muy corto!", tooLong: "¡Muy largo!", email: "Correo electrónico inválido", message: "Mensaje muy corto" }],
  ])("writes the spec's messages in %s", async (language, texts) => {
    await i18n.changeLanguage(language);
    expect(translateValidation(V.required)).toBe(texts.required);
    expect(translateValidation(V.requiredPt)).toBe(texts.required);
    expect(translateValidation(V.tooShort)).toBe(texts.tooShort);
    expect(translateValidation(V.tooLong)).toBe(texts.tooLong);
    expect(translateValidation(V.invalidEmail)).toBe(texts.email);
    expect(translateValidation(V.tooShortPt)).toBe(texts.message);
  });

  it("translates the empty submits of the login, user and tag forms", async () => {
    await i18n.changeLanguage("pt");
    expect(shown(loginBody, { email: "", password: "" })).toEqual({ email: "Obrigatório", password: "Obrigatório" });
    expect(shown(createUserFormSchema, { name: "A", email: "nope", password: "", profile: "user", allTicket: "desabled", capacity: 10 })).toEqual({
      name: "Muito curto!",
      email: "E-mail inválido",
      password: "Obrigatório",
    });
    await i18n.changeLanguage("en");
    expect(shown(loginBody, { email: "", password: "" })).toEqual({ email: "Required", password: "Required" });
    expect(shown(tagFormSchema, { name: "ab", color: "", kanban: false })).toMatchObject({ name: "Message too short" });
  });

  it("gives zod's own issues the spec's messages rather than its English", async () => {
    await i18n.changeLanguage("pt");
    const form = z.object({ name: z.string(), age: z.number(), email: z.email(), code: z.string().min(3), note: z.string().max(2) });
    expect(shown(form, { age: "x", email: "nope", code: "ab", note: "abc" })).toEqual({
      name: "Obrigatório",
      age: "Valor inválido",
      email: "E-mail inválido",
      code: "Muito curto!",
      note: "Muito longo!",
    });
  });

  it("returns other text as it is, inherited object keys included", async () => {
    await i18n.changeLanguage("en");
    expect(translateValidation("Nome já existe")).toBe("Nome já existe");
    expect(translateValidation("constructor")).toBe("constructor");
    expect(translateValidation(undefined)).toBeUndefined();
  });
});

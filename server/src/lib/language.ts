import { LANGUAGES, type Language } from "@balcao/common";

/**
 * The best of LANGUAGES for a request's Accept-Language (q-values honoured, regions ignored:
 * "es-AR" is Spanish); Portuguese when none of them is accepted or the header is missing.
 */
export function acceptedLanguage(acceptLanguage: string | undefined): Language {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.slice(0, 2), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => (LANGUAGES as readonly string[]).includes(r.lang) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.lang as Language | undefined) ?? "pt";
}

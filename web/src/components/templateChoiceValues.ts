import type { WhatsappTemplateView } from "@balcao/common";

/** The chosen Cloud API template as "name|language" ("" for none) and the values of its body's variables. */
export interface TemplateChoiceValue {
  key: string;
  variables: string[];
}

export const NO_TEMPLATE: TemplateChoiceValue = { key: "", variables: [] };

/** How many positional variables ({{1}}, {{2}}…) a template text has. */
export const templateVariableCount = (text: string | undefined) => Math.max(0, ...[...(text ?? "").matchAll(/\{\{\s*(\d{1,2})\s*\}\}/g)].map((m) => Number(m[1])));

/** How many body variables the template has. */
export const bodyVariableCount = (template: WhatsappTemplateView | undefined) => templateVariableCount(template?.components.find((c) => c.type.toUpperCase() === "BODY")?.text);

/** The values kept for a template of `count` variables: the ones typed, none left over from another. */
export const fitVariables = (values: string[], count: number) => Array.from({ length: count }, (_, i) => values[i] ?? "");

/** A saved template as the choice shows it. */
export const choiceOfTemplate = (template: { name: string; language: string; variables?: string[] } | null | undefined): TemplateChoiceValue =>
  template ? { key: `${template.name}|${template.language}`, variables: template.variables ?? [] } : NO_TEMPLATE;

/** The choice as the API takes it (`template`), null for none. */
export function templateOfChoice(choice: TemplateChoiceValue) {
  const [name, language] = choice.key.split("|");
  return name && language ? { name, language, variables: choice.variables, headerVariables: [] as string[], buttonVariables: [] as string[] } : null;
}

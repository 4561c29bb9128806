import { and, eq } from "drizzle-orm";
import type { TemplateSendBody } from "@balcao/common";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { whatsappTemplates, type TemplateComponent } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { TemplateMessage } from "../../channels/contract";
import type { TicketView } from "../tickets/present";
import { sendOutbound } from "./send";

/** A template's positional variables: {{1}}, {{2}}… */
const VARIABLE = /\{\{\s*(\d{1,2})\s*\}\}/g;

/** How many positional variables a template text has (its highest number). */
const variableCount = (text: string | undefined) => Math.max(0, ...[...(text ?? "").matchAll(VARIABLE)].map((m) => Number(m[1])));

/** The text with its {{n}} replaced by the n-th value. */
const fillVariables = (text: string, values: string[]) => text.replace(VARIABLE, (whole, n: string) => values[Number(n) - 1] ?? whole);

const invalid = (field: string, message: string) => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: ${message}` });

function checkValues(field: string, expected: number, given: string[]) {
  if (given.length !== expected) throw invalid(field, `expected ${expected} value(s)`);
  if (given.some((v) => !v.trim())) throw invalid(field, "Required");
}

/** A BUTTONS component's buttons as Graph lists them: type, label and, for URL buttons, the address. */
export function templateButtons(component: TemplateComponent | undefined): { type: string; text: string; url?: string }[] {
  return (component?.buttons ?? []).map((b) => {
    const button = (b ?? {}) as { type?: unknown; text?: unknown; url?: unknown };
    return { type: String(button.type ?? ""), text: String(button.text ?? ""), ...(typeof button.url === "string" ? { url: button.url } : {}) };
  });
}

/** A template with its variables filled: the message Graph takes and the text the customer reads. */
interface PreparedTemplate {
  message: TemplateMessage;
  text: string;
}

/**
 * Checks the choice against the connection's synchronised templates (known, APPROVED, every
 * variable given) and fills it: the body's {{1}}… from `variables`, a text header's from
 * `headerVariables`, a media header from `headerMediaUrl`, and each URL button whose address
 * ends in {{1}} (a dynamic link) from `buttonVariables`, in the buttons' order.
 */
export async function prepareTemplate(db: Db, companyId: number, whatsappId: number, choice: TemplateSendBody): Promise<PreparedTemplate> {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.whatsappId, whatsappId), eq(whatsappTemplates.name, choice.name), eq(whatsappTemplates.language, choice.language)));
  if (!row) throw new AppError("ERR_TEMPLATE_NOT_FOUND", 400, { field: "template", message: "template: unknown template" });
  if (row.status !== "APPROVED") throw new AppError("ERR_TEMPLATE_NOT_APPROVED", 400, { field: "template", message: `template: the template is ${row.status || "not approved"}` });
  const part = (type: string): TemplateComponent | undefined => row.components.find((c) => c.type.toUpperCase() === type);
  const header = part("HEADER");
  const body = part("BODY");
  const footer = part("FOOTER");
  const variables = choice.variables ?? [];
  const headerVariables = choice.headerVariables ?? [];

  const components: Record<string, unknown>[] = [];
  let headerText = "";
  const format = (header?.format ?? "TEXT").toUpperCase();
  if (header && format === "TEXT") {
    checkValues("template.headerVariables", variableCount(header.text), headerVariables);
    headerText = fillVariables(header.text ?? "", headerVariables);
    if (headerVariables.length) components.push({ type: "header", parameters: headerVariables.map((text) => ({ type: "text", text })) });
  } else if (header && ["IMAGE", "VIDEO", "DOCUMENT"].includes(format)) {
    if (!choice.headerMediaUrl) throw invalid("template.headerMediaUrl", "Required");
    const kind = format.toLowerCase();
    components.push({ type: "header", parameters: [{ type: kind, [kind]: { link: choice.headerMediaUrl } }] });
  }
  checkValues("template.variables", variableCount(body?.text), variables);
  if (variables.length) components.push({ type: "body", parameters: variables.map((text) => ({ type: "text", text })) });

  const buttonVariables = choice.buttonVariables ?? [];
  const dynamicLinks = templateButtons(part("BUTTONS"))
    .map((button, index) => ({ button, index }))
    .filter(({ button }) => button.type.toUpperCase() === "URL" && variableCount(button.url) > 0);
  checkValues("template.buttonVariables", dynamicLinks.length, buttonVariables);
  dynamicLinks.forEach(({ index }, i) => components.push({ type: "button", sub_type: "url", index: String(index), parameters: [{ type: "text", text: buttonVariables[i] }] }));

  const text = [headerText, fillVariables(body?.text ?? "", variables), footer?.text ?? ""].filter((t) => t.trim()).join("\n\n");
  return { message: { name: row.name, language: row.language, components }, text: text || row.name };
}

/**
 * Sends a message template on the ticket's connection, as an attendant's message: stored with the
 * text the customer reads, then handed to the channel through the same outbox as every send.
 * Reusable by anything that sends a template to a ticket.
 */
export async function sendTemplate(ctx: AppContext, ticket: TicketView, choice: TemplateSendBody, userId: number | null) {
  if (!ticket.whatsappId) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  const prepared = await prepareTemplate(ctx.db, ticket.companyId, ticket.whatsappId, choice);
  return sendOutbound(ctx, ticket, { body: prepared.text, template: prepared.message, userId });
}

/** What a message template's variables are filled from. */
export interface TemplateScope {
  contactName: string;
  ticketId: number;
  now?: Date;
}

/** Greeting by the hour of day, the {{ms}} variable. */
export function greetingFor(now: Date) {
  const h = now.getHours();
  if (h < 6) return "Boa madrugada";
  if (h < 12) return "Bom dia";
  if (h < 18) return "Boa tarde";
  return "Boa noite";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Service protocol of a ticket: yyyyMMddHHmmss followed by the ticket id. */
export function protocolOf(ticketId: number, now: Date) {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `${stamp}${ticketId}`;
}

/** Fills {{firstName}}, {{name}}, {{ms}}, {{protocol}} and {{hora}} (spec core-workspace §9). */
export function renderTemplate(template: string, scope: TemplateScope) {
  const now = scope.now ?? new Date();
  const name = scope.contactName.trim();
  const values: Record<string, string> = {
    firstName: name.split(/\s+/)[0] ?? "",
    name,
    ms: greetingFor(now),
    protocol: protocolOf(scope.ticketId, now),
    hora: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
  };
  return template.replace(/\{\{\s*(firstName|name|ms|protocol|hora)\s*\}\}/g, (_, key: string) => values[key]);
}

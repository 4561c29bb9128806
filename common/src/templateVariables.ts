/** The message variables of the spec (core-workspace §9), filled from the contact and the ticket. */
export const TEMPLATE_VARIABLES = ["firstName", "name", "ms", "protocol", "hora"] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

export interface TemplateValuesScope {
  contactName: string;
  ticketId: number;
  now?: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** {{ms}}: the greeting for the hour of day. */
export function greetingForHour(hour: number) {
  if (hour < 6) return "Boa madrugada";
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

/** Fills {{firstName}}, {{name}}, {{ms}}, {{protocol}} (yyyyMMddHHmmss + ticket id) and {{hora}} (HH:mm:ss). */
export function fillTemplateVariables(template: string, scope: TemplateValuesScope) {
  const now = scope.now ?? new Date();
  const name = scope.contactName.trim();
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  const values: Record<TemplateVariable, string> = {
    firstName: name.split(/\s+/)[0] ?? "",
    name,
    ms: greetingForHour(now.getHours()),
    protocol: `${stamp}${scope.ticketId}`,
    hora: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
  };
  return template.replace(/\{\{\s*(firstName|name|ms|protocol|hora)\s*\}\}/g, (_, key: TemplateVariable) => values[key]);
}

import type { Menu } from "../channels/contract";

/** The numbered queue menu sent when a connection serves several queues. */
export function queueMenu(queues: readonly { name: string }[]) {
  return queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");
}

/** A chatbot menu: each option's key and title, and '#' back to the start. */
export function optionsMenu(options: readonly { option: string; title: string }[]) {
  return [...options.map((o) => `*[ ${o.option} ]* - ${o.title}`), "*[ # ]* - Voltar ao menu inicial"].join("\n");
}

const MENU_LINE = /^\*\[ (.+?) \]\* - (.+)$/;

/**
 * The menu at the end of an automatic message (as queueMenu, optionsMenu and the rating's
 * choices write it): the text before it, its choices, and the way back ('#') left as text.
 * Null when the message does not end with one.
 */
export function menuOf(text: string): Menu | null {
  const lines = text.split("\n");
  let start = lines.length;
  while (start > 0 && MENU_LINE.test(lines[start - 1])) start--;
  if (start === lines.length) return null;
  const entries = lines.slice(start).map((line) => MENU_LINE.exec(line)!);
  const choices = entries.filter((m) => m[1] !== "#").map((m) => ({ key: m[1], title: m[2].trim() }));
  if (choices.length === 0) return null;
  const outro = entries.filter((m) => m[1] === "#").map((m) => m[0]);
  return { intro: lines.slice(0, start).join("\n").trim(), choices, outro: outro.join("\n"), text };
}

/** Options in the order a customer reads them: numerically when they are numbers. */
export function sortOptions<T extends { option: string; id: number }>(options: T[]) {
  return [...options].sort((a, b) => a.option.localeCompare(b.option, undefined, { numeric: true }) || a.id - b.id);
}

export const RATING_CHOICES = "*[ 1 ]* - Insatisfeito\n*[ 2 ]* - Satisfeito\n*[ 3 ]* - Muito satisfeito";
export const DEFAULT_RATING_QUESTION = "Por favor, avalie o nosso atendimento:";

export const joinParts = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join("\n\n");

/** What the customer reads when the conversation moves to another queue (or attendant). */
export function transferNotice(queueName: string, userName?: string) {
  const to = userName ? `o atendente *${userName}* do departamento *${queueName}*` : `o departamento *${queueName}*`;
  return `*Mensagem Automática*:\nVocê foi transferido para ${to}.\nAguarde, já vamos te atender!`;
}

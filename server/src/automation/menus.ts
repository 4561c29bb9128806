/** The numbered queue menu sent when a connection serves several queues. */
export function queueMenu(queues: readonly { name: string }[]) {
  return queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");
}

/** A chatbot menu: each option's key and title, and '#' back to the start. */
export function optionsMenu(options: readonly { option: string; title: string }[]) {
  return [...options.map((o) => `*[ ${o.option} ]* - ${o.title}`), "*[ # ]* - Voltar ao menu inicial"].join("\n");
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

/**
 * When the assistant gives the conversation to a person. The prompt can tell the model to answer
 * with a line `#transferir` (documented in the README); a customer who asks for a person is always
 * handed over, whatever the model would say.
 */

/** The instruction line a reply may carry, alone on its line, in any case. */
export const HANDOVER_MARK = "#transferir";

const HANDOVER_LINE = /^\s*#transferir\s*$/im;

/** A reply without the instruction line, and whether it carried it. */
export function readReply(reply: string): { text: string; handover: boolean } {
  if (!HANDOVER_LINE.test(reply)) return { text: reply.trim(), handover: false };
  const text = reply
    .split(/\r?\n/)
    .filter((line) => line.trim().toLowerCase() !== HANDOVER_MARK)
    .join("\n")
    .trim();
  return { text, handover: true };
}

const strip = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Words that ask for a person in pt, en and es. */
const ASKS_FOR_PERSON = /\b(atendente|atendentes|humano|humana|pessoa real|falar com (alguem|uma pessoa|um atendente)|human|agent|real person|operador|operadora|persona|agente)\b/;

export function asksForPerson(text: string) {
  return ASKS_FOR_PERSON.test(strip(text));
}

/** What the customer reads when a person takes over. */
export const HANDOVER_MESSAGE = "Vou transferir você para um de nossos atendentes. Aguarde um momento, por favor.";

import type { queueIntegrations } from "../../db/schema";
import type { HandedMessage, IntegrationAnswer, MediaKind, OutgoingMessage } from "./answer";
import { IntegrationCallError, requestJson } from "./httpJson";

type IntegrationRow = typeof queueIntegrations.$inferSelect;

interface RichText {
  text?: string;
  children?: RichText[];
}
interface ChatMessage {
  type: string;
  content?: { type?: string; richText?: RichText[]; markdown?: string; url?: string; plainText?: string };
}
interface ChatAnswer {
  sessionId?: string;
  messages?: ChatMessage[];
  input?: { type?: string; items?: { content?: string }[] };
}

const plainOf = (nodes: RichText[] = []): string => nodes.map((n) => (n.text ?? "") + plainOf(n.children)).join("");

/** A bubble's text: markdown or plain when the server gives it, otherwise the rich text's lines. */
function textOf(m: ChatMessage): string {
  const c = m.content ?? {};
  if (c.markdown) return c.markdown;
  if (c.plainText) return c.plainText;
  return (c.richText ?? []).map((block) => plainOf([block])).join("\n");
}

const MEDIA_BUBBLES = new Set<string>(["image", "video", "audio"]);

/**
 * Typebot's bubbles as WhatsApp messages: text as text, an image, video or audio as a file of that
 * kind (fetched by the server, its address sent instead when it cannot be, see apply.ts), a video
 * a site plays (YouTube, Vimeo, …) and an embed as their address, choices numbered.
 */
function readAnswer(answer: ChatAnswer) {
  const messages: OutgoingMessage[] = [];
  for (const m of answer.messages ?? []) {
    const url = m.content?.url;
    if (m.type === "text") messages.push({ body: textOf(m) });
    else if (!url) continue;
    else if (MEDIA_BUBBLES.has(m.type) && (!m.content?.type || m.content.type === "url")) messages.push({ body: "", mediaUrl: url, kind: m.type as MediaKind });
    else messages.push({ body: url });
  }
  const choices = answer.input?.type === "choice input" ? (answer.input.items ?? []).map((i) => i.content ?? "").filter(Boolean) : [];
  if (choices.length) messages.push({ body: numbered(choices) });
  return { messages: messages.filter((m) => m.mediaUrl || m.body.trim()), choices };
}

const numbered = (choices: string[]) => choices.map((c, i) => `${i + 1} - ${c}`).join("\n");
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface TypebotSession {
  sessionId: string | null;
  choices: string[];
  lastActivityAt: Date;
}

/**
 * One customer message in a Typebot conversation (Typebot's public chat API): keywords to end
 * or restart, a session ended by typebotExpires minutes of silence, a choice answered by its
 * number, and typebotUnknownMessage when the bot could not match the answer.
 */
export async function askTypebot(integration: IntegrationRow, session: TypebotSession | null, handed: HandedMessage, allowPrivate: boolean, now = new Date()): Promise<IntegrationAnswer> {
  const body = handed.message.body.trim();
  const base = `${integration.urlN8N}/api/v1`;
  const delayMs = integration.typebotDelayMessage;
  if (integration.typebotKeywordFinish && same(body, integration.typebotKeywordFinish)) return { messages: [], handOver: true, session: { sessionId: null, choices: [] } };
  if (integration.typebotKeywordRestart && same(body, integration.typebotKeywordRestart)) {
    return { messages: integration.typebotRestartMessage ? [{ body: integration.typebotRestartMessage }] : [], session: { sessionId: null, choices: [] } };
  }
  const expired = session && integration.typebotExpires > 0 && now.getTime() - session.lastActivityAt.getTime() > integration.typebotExpires * 60_000;
  const live = session?.sessionId && !expired ? session : null;
  // a number answers the choice it was shown beside
  const picked = live && /^\d+$/.test(body) ? live.choices[Number(body) - 1] : undefined;
  const text = picked ?? body;
  let answer: ChatAnswer;
  if (live) {
    try {
      ({ json: answer } = await requestJson<ChatAnswer>({ url: `${base}/sessions/${encodeURIComponent(live.sessionId!)}/continueChat`, body: JSON.stringify({ message: { type: "text", text } }), allowPrivate }));
    } catch (err) {
      // the session is gone on Typebot's side: start over with this message
      if (!(err instanceof IntegrationCallError && err.status === 404)) throw err;
      return askTypebot(integration, null, handed, allowPrivate, now);
    }
  } else {
    const contact = handed.ticket.contact;
    const prefilledVariables = { number: contact.number, pushName: contact.name, name: contact.name, ticketId: handed.ticket.id, remoteJid: contact.number };
    ({ json: answer } = await requestJson<ChatAnswer>({
      url: `${base}/typebots/${encodeURIComponent(integration.typebotSlug)}/startChat`,
      body: JSON.stringify({ message: { type: "text", text }, prefilledVariables, textBubbleContentFormat: "markdown" }),
      allowPrivate,
    }));
  }
  const { messages, choices } = readAnswer(answer);
  const sessionId = answer.sessionId ?? live?.sessionId ?? null;
  if ((answer.messages ?? []).length === 0 && live) {
    // nothing said back to an answer: the bot could not match it, its question stands
    const again = live.choices.length ? [numbered(live.choices)] : [];
    return { messages: [integration.typebotUnknownMessage, ...again].filter(Boolean).map((body) => ({ body })), delayMs, session: { sessionId, choices: live.choices } };
  }
  // no input awaited: the flow ended, the next message starts it again
  const ended = !answer.input;
  return { messages, delayMs, session: { sessionId: ended ? null : sessionId, choices } };
}

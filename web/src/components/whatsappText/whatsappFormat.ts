/**
 * WhatsApp's text formatting as a tree of plain nodes: *bold*, _italic_, ~strike~, ```mono```
 * and links. Everything else is text (HTML tags are removed); the tree is rendered as React
 * text nodes, never as HTML, or flattened to plain text for one-line previews.
 */
export type TextNode = { type: "text"; text: string } | { type: "bold" | "italic" | "strike"; children: TextNode[] } | { type: "mono"; text: string } | { type: "link"; href: string; text: string };

const TAG = /<\/?[a-zA-Z!][^<>]*>/g;

/** Removes HTML tags and comments, keeping their text content. */
export const stripMarkup = (text: string) => text.replace(TAG, "");

// A delimiter pair opens after a non-word character and closes before one; the content
// does not start or end with a space and stays on one line.
const EMPHASIS = /(^|[^\p{L}\p{N}])([*_~])(\S(?:[^\n]*?\S)?)\2(?=$|[^\p{L}\p{N}])/gu;
const STYLE = { "*": "bold", _: "italic", "~": "strike" } as const;

// Monospace may span lines; nothing inside it is formatted.
const MONO = /```([\s\S]+?)```/g;

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?'"\]}>]+$/;

/** An http(s) address for a link, or null (no javascript:, data: or other schemes). */
export function safeHref(raw: string): string | null {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function trimUrl(raw: string): string {
  let url = raw.replace(TRAILING, "");
  // A closing parenthesis belongs to the text unless the address opened one.
  while (url.endsWith(")") && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1).replace(TRAILING, "");
  return url;
}

function linkify(text: string): TextNode[] {
  const nodes: TextNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index ?? 0;
    const raw = trimUrl(match[0]);
    const href = safeHref(raw);
    if (!href) continue;
    if (start > last) nodes.push({ type: "text", text: text.slice(last, start) });
    nodes.push({ type: "link", href, text: raw });
    last = start + raw.length;
  }
  if (last < text.length) nodes.push({ type: "text", text: text.slice(last) });
  return nodes;
}

/** The next emphasis whose opening mark is not inside an address (an underscore in a link's path is the link's). */
function nextEmphasis(text: string): RegExpExecArray | null {
  const addresses = [...text.matchAll(ADDRESS)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length]);
  EMPHASIS.lastIndex = 0;
  for (let match = EMPHASIS.exec(text); match; match = EMPHASIS.exec(text)) {
    const mark = match.index + match[1].length;
    if (!addresses.some(([start, end]) => mark > start && mark < end)) return match;
    EMPHASIS.lastIndex = mark + 1;
  }
  return null;
}

function parseInline(text: string): TextNode[] {
  const nodes: TextNode[] = [];
  let rest = text;
  for (let match = nextEmphasis(rest); match; match = nextEmphasis(rest)) {
    const [whole, lead, mark, inner] = match;
    const before = rest.slice(0, match.index) + lead;
    if (before) nodes.push(...linkify(before));
    nodes.push({ type: STYLE[mark as keyof typeof STYLE], children: parseInline(inner) });
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) nodes.push(...linkify(rest));
  return nodes;
}

/** Parses a message body into formatting nodes (adjacent text merged). */
export function parseFormatting(body: string): TextNode[] {
  const text = stripMarkup(body);
  const nodes: TextNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MONO)) {
    const start = match.index ?? 0;
    if (start > last) nodes.push(...parseInline(text.slice(last, start)));
    nodes.push({ type: "mono", text: match[1] });
    last = start + match[0].length;
  }
  if (last < text.length) nodes.push(...parseInline(text.slice(last)));
  return merge(nodes);
}

function merge(nodes: TextNode[]): TextNode[] {
  const out: TextNode[] = [];
  for (const node of nodes) {
    const prev = out[out.length - 1];
    if (node.type === "text" && prev?.type === "text") prev.text += node.text;
    else out.push(node);
  }
  return out;
}

function flatten(nodes: TextNode[]): string {
  return nodes.map((node) => ("children" in node ? flatten(node.children) : node.text)).join("");
}

/** The text a reader sees, without the formatting marks. */
export const plainText = (body: string) => flatten(parseFormatting(body));

/** One line for a list or a notification: the plain text with every run of blanks and line breaks as one space. */
export const oneLinePreview = (body: string | null | undefined) => (body ? plainText(body).replace(/\s+/g, " ").trim() : "");

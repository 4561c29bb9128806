/**
 * WhatsApp-style formatting as a tree of plain nodes: *bold*, ~strike~ and links.
 * Everything else is text (HTML tags are removed); the tree is rendered as React text
 * nodes, never as HTML.
 */
export type TextNode =
  | { type: "text"; text: string }
  | { type: "bold"; children: TextNode[] }
  | { type: "strike"; children: TextNode[] }
  | { type: "link"; href: string; text: string };

const TAG = /<\/?[a-zA-Z!][^<>]*>/g;

/** Removes HTML tags and comments, keeping their text content. */
export const stripMarkup = (text: string) => text.replace(TAG, "");

// A delimiter pair opens after a non-word character and closes before one; the content
// does not start or end with a space and stays on one line.
const EMPHASIS = /(^|[^\p{L}\p{N}])([*~])(\S(?:[^\n]*?\S)?)\2(?=$|[^\p{L}\p{N}])/u;

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

function parseInline(text: string): TextNode[] {
  const nodes: TextNode[] = [];
  let rest = text;
  for (let match = EMPHASIS.exec(rest); match; match = EMPHASIS.exec(rest)) {
    const [whole, lead, mark, inner] = match;
    const before = rest.slice(0, match.index) + lead;
    if (before) nodes.push(...linkify(before));
    nodes.push({ type: mark === "*" ? "bold" : "strike", children: parseInline(inner) });
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) nodes.push(...linkify(rest));
  return nodes;
}

/** Parses a message body into formatting nodes (adjacent text merged). */
export function parseFormatting(body: string): TextNode[] {
  return merge(parseInline(stripMarkup(body)));
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

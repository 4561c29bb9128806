import type { Menu } from "../contract";

/** The id a menu's reply button or list row carries: the choice's key after this prefix. */
const REPLY_PREFIX = "menu:";

/** Meta's limits: buttons (at most 3, titles of 20 characters), lists (10 rows, titles of 24, descriptions of 72). */
const MAX_BUTTONS = 3;
const BUTTON_TITLE = 20;
const BUTTON_BODY = 1024;
const MAX_ROWS = 10;
const ROW_TITLE = 24;
const ROW_DESCRIPTION = 72;
const LIST_BODY = 4096;
const ID_LENGTH = 200;

const LIST_BUTTON = "Ver opções";
const SECTION_TITLE = "Opções";
const NO_INTRO = "Escolha uma opção:";

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * A menu as Graph's interactive message: reply buttons for up to 3 short choices, a list for up
 * to 10; null when it fits neither, and the menu then goes as text. The body carries what the
 * text menu says around the choices (greeting, option message, how to go back).
 */
export function interactiveOf(menu: Menu): Record<string, unknown> | null {
  const { choices } = menu;
  if (choices.length === 0 || choices.length > MAX_ROWS) return null;
  if (choices.some((c) => !c.title.trim() || !c.key || REPLY_PREFIX.length + c.key.length > ID_LENGTH)) return null;
  if (new Set(choices.map((c) => c.key)).size !== choices.length) return null;
  const body =
    [menu.intro, menu.outro]
      .map((p) => p.trim())
      .filter(Boolean)
      .join("\n\n") || NO_INTRO;
  const titles = choices.map((c) => c.title.trim());
  const buttons = choices.length <= MAX_BUTTONS && titles.every((t) => t.length <= BUTTON_TITLE) && new Set(titles).size === titles.length && body.length <= BUTTON_BODY;
  if (buttons) {
    return {
      type: "button",
      body: { text: body },
      action: { buttons: choices.map((c, i) => ({ type: "reply", reply: { id: REPLY_PREFIX + c.key, title: titles[i] } })) },
    };
  }
  if (body.length > LIST_BODY) return null;
  const rows = choices.map((c, i) => ({
    id: REPLY_PREFIX + c.key,
    title: cut(titles[i], ROW_TITLE),
    // a title too long for the row is read whole in its description
    ...(titles[i].length > ROW_TITLE ? { description: cut(titles[i], ROW_DESCRIPTION) } : {}),
  }));
  return { type: "list", body: { text: body }, action: { button: LIST_BUTTON, sections: [{ title: SECTION_TITLE, rows }] } };
}

/** The key a tap on a menu's button or row chose; undefined for a reply to anything else (a template's button). */
export function menuKeyOf(id: unknown): string | undefined {
  return typeof id === "string" && id.startsWith(REPLY_PREFIX) && id.length > REPLY_PREFIX.length ? id.slice(REPLY_PREFIX.length) : undefined;
}

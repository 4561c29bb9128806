import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import type { RunningServer } from "./support/server";
import { api } from "./support/api";
import { browserToken, signedInPage } from "./support/session";
import { adminApiSession } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let ana: Page; // creates and owns the chat
let beto: Page; // a member
const ANA = { name: "Ana Chat", email: "ana.chat@example.com", password: "segredo1" };
const BETO = { name: "Beto Chat", email: "beto.chat@example.com", password: "segredo2" };
const POLL = { timeout: 15_000, interval: 100 };
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const menuDot = (page: Page) => page.getByTestId("menu-chats").getByTestId("chats-unread");
const topBarCount = (page: Page) => page.getByTestId("chats-button").getAttribute("data-count");
const messageTexts = (page: Page) => page.getByTestId("chat-messages").getByTestId("chat-message-text").allInnerTexts();

/** Types into the composer and presses Enter. */
async function say(page: Page, text: string) {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-input").press("Enter");
}

describe.skipIf(!browserAvailable)("internal chat: two users talk live", () => {
  let chatId: number;
  let chatUuid: string;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    const { token } = await adminApiSession(server);
    for (const who of [ANA, BETO]) await api(server.url, "POST", "/users", { ...who, profile: "user", queueIds: [] }, token);
    [ana, beto] = await Promise.all([ANA, BETO].map((who) => signedInPage(browser, server, who)));
  });
  afterAll(() => stopJourney({ server, browser }));

  it("the dialog asks for a title and a member, then the new chat opens", async () => {
    await ana.getByTestId("menu-chats").click();
    await ana.waitForURL(/\/chats$/);
    await ana.getByTestId("chat-list-empty").waitFor();
    await ana.getByTestId("chat-add").click();
    const dialog = ana.getByTestId("chat-dialog");
    await dialog.getByTestId("chat-save").click();
    await dialog.getByText("Por favor, preencha o título da conversa.").waitFor();
    await dialog.getByText("Por favor, selecione pelo menos um usuário.").waitFor();

    await dialog.getByTestId("chat-title").fill("Equipe de vendas");
    await dialog.getByTestId("chat-members").fill("Beto");
    await ana.getByRole("option", { name: BETO.name }).click();
    await dialog.getByTestId("chat-save").click();
    await dialog.waitFor({ state: "detached" });
    await ana.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    chatUuid = ana.url().split("/").pop()!;
    await ana.getByTestId("chat-title-heading").getByText("Equipe de vendas").waitFor();
    chatId = Number(await ana.getByTestId("chat-conversation").getAttribute("data-chat-id"));
    await ana.getByTestId("chat-messages-empty").waitFor();
    // the owner edits and deletes
    await ana.getByTestId("chat-edit").waitFor();
    await ana.getByTestId("chat-delete").waitFor();
  });

  it("a message from A lights B's menu dot and top-bar count, and each new one raises B's unread count", async () => {
    await beto.getByTestId("chats-button").waitFor();
    expect(await topBarCount(beto)).toBe("0");
    expect(await menuDot(beto).count()).toBe(0);

    await say(ana, "Olá @Beto Chat, tudo certo?");
    await ana.getByTestId("chat-messages").getByText("tudo certo?", { exact: false }).waitFor();
    await ana.getByTestId("chat-messages").getByTestId("chat-mention").getByText("@Beto Chat").waitFor();

    await menuDot(beto).waitFor();
    await expect.poll(() => topBarCount(beto), POLL).toBe("1");
    await beto.getByTestId("chats-button").click();
    const item = beto.getByTestId(`chats-popover-item-${chatId}`);
    await item.getByText("Equipe de vendas").waitFor();
    await expect.poll(() => item.getAttribute("data-unreads"), POLL).toBe("1");

    await say(ana, "Segunda mensagem");
    await expect.poll(() => item.getAttribute("data-unreads"), POLL).toBe("2");
    await item.getByText("Segunda mensagem").waitFor();
  });

  it("opening the chat from the popover loads it and clears B's dot and count", async () => {
    await beto.getByTestId(`chats-popover-item-${chatId}`).click();
    await beto.waitForURL(new RegExp(`/chats/${chatUuid}$`));
    await beto.getByTestId("chat-messages").getByText("Segunda mensagem").waitFor();
    await menuDot(beto).waitFor({ state: "detached" });
    await expect.poll(() => topBarCount(beto), POLL).toBe("0");
    await expect.poll(() => beto.getByTestId(`chat-item-${chatId}`).getAttribute("data-unreads"), POLL).toBe("0");
    // only the owner may change or delete the chat
    expect(await beto.getByTestId("chat-edit").count()).toBe(0);
    expect(await beto.getByTestId("chat-delete").count()).toBe(0);
  });

  it("both see each other's messages live; Shift+Enter breaks the line and blank text is not sent", async () => {
    await say(beto, "Tudo certo, Ana!");
    await ana.getByTestId("chat-messages").getByText("Tudo certo, Ana!").waitFor();

    const input = ana.getByTestId("chat-input");
    await input.fill("linha um");
    await input.press("Shift+Enter");
    await input.pressSequentially("linha dois");
    await input.press("Enter");
    await beto.getByTestId("chat-messages").getByText("linha dois", { exact: false }).waitFor();
    expect((await messageTexts(beto)).at(-1)).toBe("linha um\nlinha dois");

    const before = (await messageTexts(ana)).length;
    await say(ana, "   ");
    expect(await ana.getByTestId("chat-send").isDisabled()).toBe(true);
    await ana.waitForTimeout(500);
    expect((await messageTexts(ana)).length).toBe(before);
    // B had the chat open: nothing stays unread
    await expect.poll(() => topBarCount(beto), POLL).toBe("0");
  });

  it("on a 360 px phone the page shows the tabs 'Chats' and 'Mensagens'", async () => {
    await beto.setViewportSize({ width: 360, height: 740 });
    await beto.locator('[data-testid="chats-page"][data-layout="tabs"]').waitFor();
    await beto.getByTestId("chats-tab-chats").getByText("Chats").waitFor();
    await beto.getByTestId("chats-tab-messages").getByText("Mensagens").waitFor();
    await beto.getByTestId("chat-messages").getByText("Tudo certo, Ana!").waitFor();
    await beto.getByTestId("chats-tab-chats").click();
    await beto.getByTestId(`chat-item-${chatId}`).click();
    await beto.locator('[data-testid="chats-tab-messages"][aria-selected="true"]').waitFor();
    await beto.getByTestId("chat-messages").getByText("Tudo certo, Ana!").waitFor();
    const overflow = await beto.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await beto.setViewportSize({ width: 1366, height: 900 });
  });

  it("the '@' list mentions a member; an image shows inline and a document downloads, both read with the token", async () => {
    const input = ana.getByTestId("chat-input");
    await input.fill("");
    await input.pressSequentially("veja @Bet");
    await ana.getByTestId("chat-mention-list").getByText(`@${BETO.name}`).waitFor();
    await input.press("Enter"); // picks the member, does not send
    expect(await input.inputValue()).toBe(`veja @${BETO.name} `);
    await input.pressSequentially("a foto");
    await ana.getByTestId("chat-file-input").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
    await ana.getByTestId("chat-attachment").waitFor();
    await input.press("Enter");
    const photo = beto.getByTestId("chat-messages").getByTestId("chat-media-image");
    await photo.waitFor();
    await beto.getByTestId("chat-messages").getByTestId("chat-mention").getByText(`@${BETO.name}`).last().waitFor();
    expect(await photo.locator("img").getAttribute("src")).toMatch(/^blob:/);

    await ana.getByTestId("chat-file-input").setInputFiles({ name: "escala.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 escala") });
    await ana.getByTestId("chat-send").click();
    const doc = beto.getByTestId("chat-messages").getByTestId("chat-media-document");
    await doc.getByText("escala.pdf").waitFor();
    const download = beto.waitForEvent("download");
    await doc.getByTestId("chat-media-download").click();
    expect((await download).suggestedFilename()).toBe("escala.pdf");
  });

  it("the owner's rename reaches the member's list and conversation live", async () => {
    await ana.getByTestId("chat-edit").click();
    const dialog = ana.getByTestId("chat-dialog");
    await dialog.getByText(BETO.name).waitFor(); // the members come filled in
    await dialog.getByTestId("chat-title").fill("Equipe comercial");
    await dialog.getByTestId("chat-save").click();
    await dialog.waitFor({ state: "detached" });
    await beto.getByTestId(`chat-item-${chatId}`).getByText("Equipe comercial").waitFor();
    await beto.getByTestId("chat-title-heading").getByText("Equipe comercial").waitFor();
  });

  it("deleting the chat returns the owner to /chats and takes it off the member's screen", async () => {
    await ana.getByTestId("chat-delete").click();
    await ana.getByTestId("confirm-ok").click();
    await ana.waitForURL(/\/chats$/);
    await ana.getByTestId("chat-none-selected").waitFor();
    await ana.getByTestId(`chat-item-${chatId}`).waitFor({ state: "detached" });
    await beto.waitForURL(/\/chats$/);
    await beto.getByTestId(`chat-item-${chatId}`).waitFor({ state: "detached" });
  });

  it("older messages load when the list is scrolled near its top", async () => {
    const token = await browserToken(ana); // one session per user: the API reuses the browser's
    const betoId = (await api<{ id: number; name: string }[]>(server.url, "GET", "/users/list", undefined, token)).find((u) => u.name === BETO.name)!.id;
    const older = await api<{ id: number; uuid: string }>(server.url, "POST", "/chats", { title: "Histórico", users: [{ id: betoId }] }, token);
    for (let i = 1; i <= 25; i++) await api(server.url, "POST", `/chats/${older.id}/messages`, { message: `Antiga ${i}` }, token);
    await beto.getByTestId(`chat-item-${older.id}`).click();
    await beto.getByTestId("chat-messages").getByText("Antiga 25").waitFor();
    expect(await beto.getByTestId("chat-messages").getByText("Antiga 1", { exact: true }).count()).toBe(0);
    await beto.getByTestId("chat-messages").evaluate((el) => el.scrollTo({ top: 0 }));
    await beto.getByTestId("chat-messages").getByText("Antiga 1", { exact: true }).waitFor();
    const texts = await messageTexts(beto);
    expect(texts.slice(0, 3)).toEqual(["Antiga 1", "Antiga 2", "Antiga 3"]);
  });
});

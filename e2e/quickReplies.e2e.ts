import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";
import { adminApiSession, customerReceived, customerSays, pairedSandbox, type SandboxConnection, type SandboxMessage } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let page: Page;
const NUMBER = "5511987650077";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe.skipIf(!browserAvailable)("quick replies with an attachment, and the help videos", () => {
  let whatsapp: SandboxConnection;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: the browser login of the admin closes this session
    const { token } = await adminApiSession(server);
    whatsapp = await pairedSandbox(server, token);
    await customerSays(server, whatsapp, { number: NUMBER, name: "Carla Cliente" }, "Vocês têm alguma promoção?");

    page = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("the admin creates the quick message 'oferta' with a variable and an image on /quick-messages", async () => {
    await page.goto(`${server.url}/quick-messages`);
    await page.getByTestId("quick-messages-page").waitFor();
    await page.getByTestId("quick-messages-empty").waitFor();
    await page.getByTestId("quick-messages-add").click();
    const dialog = page.getByTestId("quick-message-dialog");
    // the shortcode is required
    await page.getByTestId("quick-message-save").click();
    await dialog.getByText("Obrigatório").waitFor();

    await page.getByTestId("quick-message-shortcode").fill("oferta");
    await page.getByTestId("quick-message-message").fill("Confira nossa oferta, !");
    await page.getByTestId("quick-message-message").evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.indexOf("!"), el.value.indexOf("!")));
    await page.getByTestId("quick-message-variables").click();
    await page.getByTestId("quick-message-variable-firstName").click();
    await expect.poll(() => page.getByTestId("quick-message-message").inputValue()).toBe("Confira nossa oferta, {{firstName}}!");
    await page.getByTestId("quick-message-file-input").setInputFiles({ name: "oferta do dia.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByTestId("quick-message-attachment").filter({ hasText: "oferta do dia.png" }).waitFor();
    await page.getByTestId("quick-message-save").click();
    await dialog.waitFor({ state: "hidden" });

    const row = page.locator('[data-testid^="quick-message-row-"][data-shortcode="oferta"]');
    await row.getByText("oferta_do_dia.png").waitFor();
  });

  it("in the ticket, '/ofe' offers it; picking and sending delivers an image with the filled text", async () => {
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId("tickets-subtab-pending").click();
    await page.locator('[data-testid^="ticket-accept-"]').first().click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor();

    await page.getByTestId("composer-input").pressSequentially("/ofe");
    const option = page.getByTestId("quick-reply-option").filter({ hasText: "oferta" });
    await option.waitFor();
    await option.click();
    await page.getByTestId("composer-attachments").getByTestId("composer-file").waitFor();
    await expect.poll(() => page.getByTestId("composer-input").inputValue()).toBe("Confira nossa oferta, Carla!");
    await page.getByTestId("composer-send").click();
    await page.getByTestId("composer-attachments").waitFor({ state: "detached" });

    let sent: SandboxMessage | undefined;
    await expect
      .poll(
        async () => {
          const outbound = await customerReceived(server, whatsapp, NUMBER);
          sent = outbound.find((m) => m.mediaType === "image");
          return sent?.body;
        },
        { timeout: 15_000 },
      )
      .toBe("Confira nossa oferta, Carla!");
    expect(sent).toMatchObject({ direction: "out", mediaName: "oferta_do_dia.png" });
    const media = await fetch(server.url + sent!.mediaUrl!, { headers: { authorization: `Bearer ${whatsapp.token}` } });
    expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("/helps shows the seeded video cards; a card opens the player and Escape closes it", async () => {
    await page.goto(`${server.url}/helps`);
    const cards = page.locator('[data-testid^="help-card-"]');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    // the thumbnail, or its placeholder with the title on a machine without internet (helps.e2e.ts)
    await cards.filter({ hasText: "Respostas rápidas com anexos" }).locator('[data-testid^="help-thumbnail-"]').waitFor();

    await cards.filter({ hasText: "Respostas rápidas com anexos" }).click();
    const player = page.getByTestId("help-video-dialog");
    await player.getByTestId("help-video-player").waitFor({ state: "attached" });
    expect(await player.getByTestId("help-video-player").getAttribute("src")).toContain("/embed/");
    await page.keyboard.press("Escape");
    await player.waitFor({ state: "hidden" });
  });
});

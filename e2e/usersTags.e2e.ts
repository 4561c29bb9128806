import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
let admin: Page;
const ATTENDANT = { name: "Bruna Atendente", email: "bruna.atendente@example.com", password: "bruna123" };

const responseTo = (page: Page, method: string, path: RegExp) => page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));

describe.skipIf(!browserAvailable)("an admin manages users and tags", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("creates an attendant from /users, finds him by search and sees him come online", async () => {
    await admin.getByTestId("menu-users").click();
    await admin.waitForURL(/\/users$/);
    await admin.getByTestId("users-list").getByText(ADMIN.email).waitFor();

    await admin.getByTestId("users-add").click();
    const modal = admin.getByTestId("user-modal");
    await modal.waitFor();
    await admin.getByTestId("user-save").click();
    await modal.getByText("Obrigatório").first().waitFor(); // name, email and password are required when adding
    await admin.getByTestId("user-name").fill(ATTENDANT.name);
    await admin.getByTestId("user-email").fill(ATTENDANT.email);
    await admin.getByTestId("user-password").fill(ATTENDANT.password);
    const created = responseTo(admin, "POST", /^\/users$/);
    await admin.getByTestId("user-save").click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: number };
    await modal.waitFor({ state: "hidden" });
    await admin.getByText("Usuário salvo com sucesso!").waitFor();

    await expect.poll(() => admin.getByTestId(`user-name-${id}`).textContent()).toBe(ATTENDANT.name);
    expect(await admin.getByTestId(`user-email-${id}`).textContent()).toBe(ATTENDANT.email);
    expect(await admin.getByTestId(`user-profile-${id}`).textContent()).toBe("Usuário");
    expect(await admin.getByTestId(`user-online-${id}`).getAttribute("data-online")).toBe("false");

    await admin.getByTestId("users-search").fill("BRUNA");
    await expect.poll(() => admin.getByTestId("users-list").locator("[data-testid^='user-row-']").count()).toBe(1);
    await admin.getByTestId(`user-row-${id}`).waitFor();

    // the attendant signs in elsewhere: his status turns online in the admin's list without a reload
    const attendant = await signedInPage(browser, server, ATTENDANT);
    await expect.poll(() => admin.getByTestId(`user-online-${id}`).getAttribute("data-online"), { timeout: 10_000 }).toBe("true");
    await attendant.context().close();
    await admin.getByTestId("users-search").fill("");
  });

  it("creates a kanban tag with a colour from /tags and sees its chip", async () => {
    await admin.getByTestId("menu-tags").click();
    await admin.waitForURL(/\/tags$/);
    await admin.getByTestId("tags-list-empty").waitFor();

    await admin.getByTestId("tags-add").click();
    const dialog = admin.getByTestId("tag-dialog");
    await dialog.waitFor();
    await admin.getByTestId("tag-name").fill("ab");
    await admin.getByTestId("tag-save").click();
    await dialog.getByText("Mensagem muito curta").waitFor();
    await admin.getByTestId("tag-name").fill("Clientes VIP");
    await admin.getByTestId("tag-color-pick").click();
    await admin.getByTestId("tag-palette").waitFor();
    await admin.getByTestId("tag-palette-1976D2").click();
    expect(await admin.getByTestId("tag-color").inputValue()).toBe("#1976D2");
    await admin.getByTestId("tag-kanban").check();
    const created = responseTo(admin, "POST", /^\/tags$/);
    await admin.getByTestId("tag-save").click();
    const response = await created;
    expect(response.status()).toBe(201);
    const tag = (await response.json()) as { id: number; kanban: number; color: string };
    expect(tag).toMatchObject({ kanban: 1, color: "#1976D2" });
    await dialog.waitFor({ state: "hidden" });
    await admin.getByText("Tag salva com sucesso!").waitFor();

    const chip = admin.getByTestId(`tag-chip-${tag.id}`);
    await expect.poll(() => chip.textContent()).toBe("Clientes VIP");
    expect(await chip.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(25, 118, 210)");
    await admin.getByTestId(`tag-kanban-${tag.id}`).waitFor();
    expect(await admin.getByTestId(`tag-tickets-${tag.id}`).textContent()).toBe("0");

    // edits it
    await admin.getByTestId(`tag-edit-${tag.id}`).click();
    await dialog.waitFor();
    await expect.poll(() => admin.getByTestId("tag-name").inputValue()).toBe("Clientes VIP");
    await admin.getByTestId("tag-name").fill("Clientes Premium");
    const updated = responseTo(admin, "PUT", new RegExp(`^/tags/${tag.id}$`));
    await admin.getByTestId("tag-save").click();
    expect((await updated).status()).toBe(200);
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => chip.textContent()).toBe("Clientes Premium");

    // and deletes it after the confirmation
    await admin.getByTestId(`tag-delete-${tag.id}`).click();
    const confirm = admin.getByTestId("confirm-dialog");
    await confirm.getByText("Deseja realmente excluir esse registro?").waitFor();
    const deleted = responseTo(admin, "DELETE", new RegExp(`^/tags/${tag.id}$`));
    await admin.getByTestId("confirm-ok").click();
    expect((await deleted).status()).toBe(200);
    await admin.getByText("Tag excluída com sucesso!").waitFor();
    await admin.getByTestId(`tag-row-${tag.id}`).waitFor({ state: "detached" });
    await admin.getByTestId("tags-list-empty").waitFor();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { api } from "./support/api";
import { signedInPage } from "./support/session";
import { simulateCustomer } from "./support/simulator";
import { adminApiSession, pairedSandbox, type SandboxConnection } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let whatsapp: SandboxConnection;
const NUMBER = "5511987650077";

/** The customer's phone, through the sandbox's HTTP API. */
const phone = <T = any>(path: string, body: unknown) => api<T>(server.url, "POST", `/sandbox/${whatsapp.id}${path}`, body, whatsapp.token);

describe.skipIf(!browserAvailable)("reactions and what the customer changed, on the ticket screen", () => {
  let first: { id: number };
  let ticketUuid = "";

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    const { token, user } = await adminApiSession(server);
    whatsapp = await pairedSandbox(server, token);
    const stored = await phone<{ message: { id: number }; ticket: { id: number; uuid: string } }>("/inbound", { id: "E2E-R-1", number: NUMBER, name: "Rosa Reação", body: "Vocês têm em azul?" });
    first = stored.message;
    ticketUuid = stored.ticket.uuid;
    await phone("/inbound", { id: "E2E-R-2", number: NUMBER, name: "Rosa Reação", body: "Às 9h" });
    await api(server.url, "PUT", `/tickets/${stored.ticket.id}`, { status: "open", userId: user.id }, token);
    admin = await signedInPage(browser, server, ADMIN, { viewport: { width: 1280, height: 860 } });
    await admin.goto(`${server.url}/tickets/${stored.ticket.uuid}`);
    await admin.getByTestId("messages-list").getByText("Vocês têm em azul?").waitFor();
  });
  afterAll(() => stopJourney({ server, browser }));

  it("shows the customer's reaction on the bubble live, and takes it away when removed", async () => {
    await phone("/reaction", { id: "E2E-R-1", emoji: "😮" });
    const reactions = admin.getByTestId(`message-reactions-${first.id}`);
    await reactions.locator('[data-emoji="😮"][data-by="contact"]').waitFor({ timeout: 10_000 });
    await phone("/reaction", { id: "E2E-R-1", emoji: "" });
    await expect.poll(() => reactions.count(), { timeout: 10_000 }).toBe(0);
  });

  it("the attendant reacts from the message menu, the phone gets it, and the attendant takes it back", async () => {
    await admin.getByTestId(`message-menu-${first.id}`).click();
    await admin.getByTestId("message-react-❤️").click();
    const reactions = admin.getByTestId(`message-reactions-${first.id}`);
    await reactions.locator('[data-emoji="❤️"][data-by="user"]').waitFor({ timeout: 10_000 });
    const onPhone = async () =>
      (await api<{ id: string; reaction: string | null }[]>(server.url, "GET", `/sandbox/${whatsapp.id}/conversation?number=${NUMBER}`, undefined, whatsapp.token)).find((m) => m.id === "E2E-R-1")?.reaction;
    await expect.poll(onPhone, { timeout: 10_000 }).toBe("❤️");

    await admin.getByTestId(`message-menu-${first.id}`).click();
    await admin.getByTestId("message-unreact").click();
    await expect.poll(() => reactions.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(onPhone, { timeout: 10_000 }).toBeNull();
  });

  it("an edited message shows its earlier text on demand", async () => {
    await phone("/edit", { id: "E2E-R-2", body: "Às 10h" });
    const list = admin.getByTestId("messages-list");
    await list.getByText("Às 10h").waitFor({ timeout: 10_000 });
    await list.getByTestId("message-edited").click();
    await list.getByTestId("message-edit-history").getByText(/Às 9h/).waitFor({ timeout: 5_000 });
  });

  it("the customer reacts from the simulator, and the attendant sees it on the bubble", async () => {
    await simulateCustomer(admin, NUMBER, "Rosa Reação");
    await admin.getByTestId("simulator-message-E2E-R-1").waitFor();
    await admin.getByTestId("simulator-react-E2E-R-1").click();
    await admin.getByTestId("simulator-react-🙏").click();
    await admin.goto(`${server.url}/tickets/${ticketUuid}`);
    await admin.getByTestId(`message-reactions-${first.id}`).locator('[data-emoji="🙏"][data-by="contact"]').waitFor({ timeout: 10_000 });
  });
});

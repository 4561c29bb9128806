import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";
import { adminApiSession, customerReceived, customerSays, pairedSandbox, type InboundTicket, type SandboxConnection } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
const NUMBER = "5511987650042";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const pad = (n: number) => String(n).padStart(2, "0");
/** What a Portuguese date field shows for a minute (DD/MM/AAAA hh:mm). */
const shownMinute = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

describe.skipIf(!browserAvailable)("an attendant schedules a message from a ticket; it goes out on time and shows on the calendar", () => {
  let whatsapp: SandboxConnection;
  let ticket: InboundTicket;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: the browser login of the admin closes this session
    const session = await adminApiSession(server);
    whatsapp = await pairedSandbox(server, session.token);
    ticket = await customerSays(server, whatsapp, { number: NUMBER, name: "Bruna Cliente" }, "Oi, meu pedido já saiu?");
    await api(server.url, "PUT", `/tickets/${ticket.id}`, { status: "open", userId: session.user.id }, session.token);

    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("schedules from the ticket options; the job sends it into the conversation", async () => {
    await admin.goto(`${server.url}/tickets/${ticket.uuid}`);
    await admin.getByTestId("ticket-view").waitFor();
    await admin.getByTestId("ticket-options").click();
    await admin.getByTestId("ticket-option-schedule").click();
    const dialog = admin.getByTestId("schedule-dialog");
    await dialog.getByText("Novo agendamento").waitFor();
    expect(await dialog.getByTestId("schedule-contact").inputValue()).toContain("Bruna Cliente");

    await dialog.getByTestId("schedule-body").fill("Oi");
    await dialog.getByTestId("schedule-save").click();
    await dialog.getByText("Mensagem muito curta").waitFor();

    await dialog.getByTestId("schedule-body").fill("Boa notícia, {{firstName}}: seu pedido sai para entrega hoje!");
    // the current minute is accepted and due at once; near its end, the next one (due within seconds)
    const now = new Date();
    const sendAt = now.getSeconds() < 50 ? now : new Date(now.getTime() + 60_000);
    // typed into the date field section by section, as a user does
    await dialog.getByTestId("schedule-send-at-field").locator('[role="spinbutton"]').first().click();
    await admin.keyboard.type(shownMinute(sendAt).replace(/\D/g, ""));
    expect(await dialog.getByTestId("schedule-send-at").inputValue()).toBe(shownMinute(sendAt));
    await dialog.getByTestId("schedule-save").click();
    await admin.getByText("Agendamento salvo com sucesso!").first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    const expected = "Boa notícia, Bruna: seu pedido sai para entrega hoje!";
    await expect
      .poll(async () => (await customerReceived(server, whatsapp, NUMBER)).map((m) => m.body), {
        timeout: 75_000,
        interval: 1_000,
      })
      .toEqual([expected]);
    // the attendant sees it in the conversation, live
    await admin.getByTestId("messages-list").getByText(expected).waitFor();
  });

  it("shows the sent schedule on the calendar with the contact's name, read-only", async () => {
    await admin.goto(`${server.url}/schedules`);
    await admin.getByTestId("page-title").filter({ hasText: "Agendamentos (1)" }).waitFor();
    const event = admin.locator('[data-testid^="schedule-event-"]').filter({ hasText: "Bruna Cliente" });
    await event.and(admin.locator('[data-status="ENVIADA"]')).waitFor();
    await event.locator('[data-testid^="schedule-edit-"]').click();
    const dialog = admin.getByTestId("schedule-dialog");
    await dialog.getByText("Mensagem Enviada").waitFor();
    await dialog.getByTestId("schedule-sent-at").waitFor();
    expect(await dialog.getByTestId("schedule-save").count()).toBe(0);
    await dialog.getByTestId("schedule-cancel").click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("opens the add dialog for ?contactId= and attaches an image, which can be removed", async () => {
    await admin.goto(`${server.url}/schedules?contactId=${ticket.contactId}`);
    const dialog = admin.getByTestId("schedule-dialog");
    await dialog.getByText("Novo agendamento").waitFor();
    await expect.poll(() => dialog.getByTestId("schedule-contact").inputValue()).toContain("Bruna Cliente");
    await dialog.getByTestId("schedule-body").fill("Lembrete: avalie nosso atendimento.");
    await dialog.getByTestId("schedule-media-input").setInputFiles({ name: "avaliacao.gif", mimeType: "image/gif", buffer: PNG });
    await admin.getByText("Escolha uma imagem .png, .jpg ou .jpeg.").first().waitFor();
    await dialog.getByTestId("schedule-media-input").setInputFiles({ name: "avaliacao.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByTestId("schedule-media-name").filter({ hasText: "avaliacao.png" }).waitFor();
    await dialog.getByTestId("schedule-save").click();
    await dialog.waitFor({ state: "hidden" });
    await admin.getByTestId("page-title").filter({ hasText: "Agendamentos (2)" }).waitFor();

    // the agenda lists the coming 30 days, whatever the month
    await admin.getByRole("button", { name: "Agenda", exact: true }).click();
    const pending = admin.locator('[data-testid^="schedule-event-"][data-status="PENDENTE"]');
    await pending.locator('[data-testid^="schedule-edit-"]').click();
    await dialog.getByText("Mensagem Pendente").waitFor();
    await dialog.getByTestId("schedule-media-name").filter({ hasText: "avaliacao.png" }).waitFor();
    await dialog.getByTestId("schedule-media-remove").click();
    await admin.getByText("Anexo excluído com sucesso!").first().waitFor();
    await dialog.getByTestId("schedule-media-attach").waitFor();
    await dialog.getByTestId("schedule-cancel").click();
    await dialog.waitFor({ state: "hidden" });
    await admin.getByRole("button", { name: "Mês", exact: true }).click();
  });

  it("shows a failed send live as 'Erro de Envio', and deletes it after confirmation", async () => {
    const dialog = admin.getByTestId("schedule-dialog");
    // the connection drops; a schedule due now fails, and the calendar shows it at once
    const token = await browserToken(admin);
    await api(server.url, "DELETE", `/whatsappsession/${whatsapp.id}`, undefined, token);
    const failing = await api(server.url, "POST", "/schedules", { body: "Esta não vai sair agora.", contactId: ticket.contactId, sendAt: new Date().toISOString() }, token);
    await admin.getByTestId("page-title").filter({ hasText: "Agendamentos (3)" }).waitFor();
    await admin.locator(`[data-testid="schedule-event-${failing.id}"][data-status="ERRO"]`).waitFor({ timeout: 30_000 });
    await admin.getByTestId(`schedule-edit-${failing.id}`).click();
    await dialog.getByText("Erro de Envio").waitFor();
    await dialog.getByTestId("schedule-save").waitFor(); // a failed one may be rescheduled
    await dialog.getByTestId("schedule-cancel").click();
    await dialog.waitFor({ state: "hidden" });

    await admin.getByTestId(`schedule-delete-${failing.id}`).click();
    await admin.getByText("Deseja realmente excluir esse registro?").waitFor();
    await admin.getByTestId("confirm-ok").click();
    await admin.getByTestId("page-title").filter({ hasText: "Agendamentos (2)" }).waitFor();
    expect(await admin.getByTestId(`schedule-event-${failing.id}`).count()).toBe(0);
  });
});

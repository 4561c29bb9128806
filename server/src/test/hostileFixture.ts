import type { TestApp } from "./harness";
import { customerSays, pairedSandbox } from "./conversation";
import { createAttendant } from "./workspaceFixtures";

let seq = 0;

async function created(t: TestApp, token: string, path: string, body: unknown): Promise<number> {
  const res = await t.http.post(path, body, token);
  if (res.status !== 200 && res.status !== 201) throw new Error(`fixture ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** One record of each kind in a company, through its own API: the ids hostile requests aim at. */
export async function hostileFixture(t: TestApp, admin: { token: string; user: { id: number } }) {
  const n = ++seq;
  const sandbox = await pairedSandbox(t.http, admin.token, `Loja ${n}`);
  const talk = await customerSays(t.http, sandbox, `55119000${n}1234`, "Olá, preciso de ajuda");
  const ticket = talk.ticket.id as number;
  const contact = talk.ticket.contactId as number;
  await t.http.put(`/tickets/${ticket}`, { status: "open", userId: admin.user.id }, admin.token);
  await t.http.post(`/messages/${ticket}`, { body: "Como posso ajudar?" }, admin.token);
  const queue = await created(t, admin.token, "/queue", { name: `Fila ${n}`, color: `#11223${n}` });
  const fileList = (await t.http.post("/files", { name: `Catálogo ${n}`, message: "Segue o catálogo", options: [{ name: "Tabela" }] }, admin.token)).body;
  const contactList = await created(t, admin.token, "/contact-lists", { name: `Lista ${n}` });
  const attendant = (await createAttendant(t, admin.token)).id;
  const chat = await created(t, admin.token, "/chats", { title: `Plantão ${n}`, users: [attendant] });
  const chatMessage = await created(t, admin.token, `/chats/${chat}/messages`, { message: "Quem cobre sábado?" });
  const ids = {
    admin: admin.user.id,
    sandbox: sandbox.id,
    contact,
    ticket,
    message: talk.message.id as number,
    queue,
    queueOption: await created(t, admin.token, "/queue-options", { title: "Vendas", option: "1", queueId: queue }),
    tag: await created(t, admin.token, "/tags", { name: `Etiqueta ${n}` }),
    quickMessage: await created(t, admin.token, "/quick-messages", { shortcode: `oi${n}`, message: "Olá!" }),
    schedule: await created(t, admin.token, "/schedules", { body: "Lembrete da visita", contactId: contact, sendAt: new Date(Date.now() + 86_400_000).toISOString() }),
    note: await created(t, admin.token, "/ticket-notes", { note: "Cliente antigo", ticketId: ticket, contactId: contact }),
    contactList,
    contactListItem: await created(t, admin.token, "/contact-list-items", { name: "Cliente da lista", number: `55119800${n}1234`, contactListId: contactList }),
    attendant,
    fileList: fileList.id as number,
    fileListOption: fileList.options[0].id as number,
    chat,
    chatMessage,
  };
  return { ids, sandboxToken: sandbox.token };
}

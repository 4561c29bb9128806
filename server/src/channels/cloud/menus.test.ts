// Cloud API chatbot menus as reply buttons and lists, and taps read as typed keys.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, type TestApp } from "../../test/harness";
import { messages, queueOptions, tickets, whatsapps } from "../../db/schema";
import { customerSays, pairedSandbox } from "../../test/conversation";
import type { CloudGraphStandIn } from "../../test/standins/cloudGraph";
import { CLOUD, inbound, useCloudConnection } from "../../test/cloudConnection";

const cloud = useCloudConnection();
const { deliver } = cloud;
let t: TestApp;
let graph: CloudGraphStandIn;
beforeAll(() => ({ t, graph } = cloud));

describe("cloud chatbot menus as interactive messages", () => {
  let owner: Awaited<ReturnType<typeof signUpCompany>>;
  let cloudId: number;
  let queues: { id: number; name: string }[];
  let seqN = 0;
  const customer = () => `55119333${String(Date.now()).slice(-3)}${String(seqN++).padStart(2, "0")}`;

  beforeAll(async () => {
    owner = await signUpCompany(t.http);
    queues = [];
    for (const [i, name] of ["Vendas", "Suporte técnico"].entries()) {
      const q = await t.http.post("/queue", { name, color: `#20${i}0${i}0`, greetingMessage: `Fila ${name}`, orderQueue: i + 1 }, owner.token);
      expect(q.status).toBe(201);
      queues.push(q.body);
    }
    // the company's own Cloud connection, pointed at the stand-in (only super users may choose a Graph URL)
    const created = await t.http.post(
      "/whatsapp",
      {
        name: "Cloud Bot",
        channel: "cloud",
        queueIds: queues.map((q) => q.id),
        greetingMessage: "Bem-vindo à Loja!",
        cloud: { phoneNumberId: CLOUD.phoneNumberId, accessToken: CLOUD.accessToken, appSecret: CLOUD.appSecret, verifyToken: CLOUD.verifyToken },
      },
      owner.token,
    );
    expect(created.status).toBe(201);
    cloudId = created.body.id;
    const [row] = await t.built.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, cloudId));
    await t.built.ctx.db
      .update(whatsapps)
      .set({ cloud: { ...row.cloud!, graphUrl: graph.url } })
      .where(eq(whatsapps.id, cloudId));
    const db = t.built.ctx.db;
    const base = { companyId: owner.company.id, queueId: queues[1].id };
    await db.insert(queueOptions).values([
      { ...base, option: "1", title: "Internet", message: "Sobre a internet:" },
      { ...base, option: "2", title: "Telefone fixo residencial e empresarial", message: "Ligue 0800." },
      { ...base, option: "3", title: "TV", message: "Sobre a TV:" },
      { ...base, option: "4", title: "Conta", message: "Sobre a conta:" },
    ]);
  });

  const customerTaps = async (from: string, message: Record<string, unknown>) => {
    const payload = inbound(from, "Cliente Menu", message);
    expect((await deliver(payload, "valid", cloudId)).status).toBe(200);
    return (
      await t.built.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, cloudId), eq(messages.externalId, payload.entry[0].changes[0].value.messages[0].id)))
    )[0];
  };
  const ticketOf = async (id: number) => (await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];
  const lastStoredReply = async (ticketId: number) =>
    (
      await t.built.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    )
      .sort((a, b) => a.id - b.id)
      .at(-1)!;

  it("sends the queue menu as reply buttons and the options as a list, and a tap advances the tree as the typed key", async () => {
    const from = customer();
    const first = await customerTaps(from, { type: "text", text: { body: "Oi" } });
    await expect.poll(() => graph.sends().length, { timeout: 5_000 }).toBe(1);
    expect(graph.sends()[0].json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: from,
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "Bem-vindo à Loja!" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "menu:1", title: "Vendas" } },
            { type: "reply", reply: { id: "menu:2", title: "Suporte técnico" } },
          ],
        },
      },
    });
    // the conversation shows the menu as its text
    expect(await lastStoredReply(first.ticketId)).toMatchObject({ body: "Bem-vindo à Loja!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte técnico", sendStatus: "sent" });

    const tap = await customerTaps(from, { type: "interactive", interactive: { type: "button_reply", button_reply: { id: "menu:2", title: "Suporte técnico" } } });
    expect(tap.body).toBe("2");
    await expect.poll(async () => (await ticketOf(first.ticketId)).queueId, { timeout: 5_000 }).toBe(queues[1].id);
    await expect.poll(() => graph.sends().length, { timeout: 5_000 }).toBe(2);
    expect(graph.sends()[1].json.interactive).toEqual({
      type: "list",
      body: { text: "Fila Suporte técnico\n\n*[ # ]* - Voltar ao menu inicial" },
      action: {
        button: "Ver opções",
        sections: [
          {
            title: "Opções",
            rows: [
              { id: "menu:1", title: "Internet" },
              { id: "menu:2", title: "Telefone fixo residenci…", description: "Telefone fixo residencial e empresarial" },
              { id: "menu:3", title: "TV" },
              { id: "menu:4", title: "Conta" },
            ],
          },
        ],
      },
    });
    expect(await lastStoredReply(first.ticketId)).toMatchObject({ body: expect.stringContaining("*[ 2 ]* - Telefone fixo residencial e empresarial") });

    await customerTaps(from, { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "menu:3", title: "TV", description: "" } } });
    const [tv] = await t.built.ctx.db
      .select()
      .from(queueOptions)
      .where(and(eq(queueOptions.queueId, queues[1].id), eq(queueOptions.option, "3")));
    await expect.poll(async () => (await ticketOf(first.ticketId)).queueOptionId, { timeout: 5_000 }).toBe(tv.id);
    await expect.poll(() => graph.sends().length, { timeout: 5_000 }).toBe(3);
    // a leaf: its message as text, and the attendants take over
    expect(graph.sends()[2].json).toMatchObject({ type: "text", text: { body: "Sobre a TV:" } });
    expect(await ticketOf(first.ticketId)).toMatchObject({ chatbot: false });
  });

  it("reads a template quick-reply tap (legacy button) carrying a menu key as that key", async () => {
    const from = customer();
    const first = await customerTaps(from, { type: "text", text: { body: "Bom dia" } });
    const tap = await customerTaps(from, { type: "button", button: { text: "Vendas", payload: "menu:1" } });
    expect(tap.body).toBe("1");
    await expect.poll(async () => (await ticketOf(first.ticketId)).queueId, { timeout: 5_000 }).toBe(queues[0].id);
  });

  it("sends a menu of more than 10 options as text, and sends menus as text on the sandbox", async () => {
    const db = t.built.ctx.db;
    const many = await t.http.post("/queue", { name: "Muitas", color: "#303030", greetingMessage: "Escolha:", orderQueue: 3 }, owner.token);
    expect(many.status).toBe(201);
    await db.insert(queueOptions).values(Array.from({ length: 11 }, (_, i) => ({ companyId: owner.company.id, queueId: many.body.id, option: String(i + 1), title: `Opção ${i + 1}`, message: `Opção ${i + 1}.` })));
    expect((await t.http.put(`/whatsapp/${cloudId}`, { name: "Cloud Bot", queueIds: [...queues.map((q) => q.id), many.body.id] }, owner.token)).status).toBe(200);
    const from = customer();
    await customerTaps(from, { type: "text", text: { body: "Oi" } });
    await customerTaps(from, { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "menu:3", title: "Muitas" } } });
    await expect.poll(() => graph.sends().filter((s) => s.json.to === from).length, { timeout: 5_000 }).toBe(2);
    const [menu, options] = graph.sends().filter((s) => s.json.to === from);
    // three queues: still buttons
    expect(menu.json).toMatchObject({ type: "interactive", interactive: { type: "button", action: { buttons: [{}, {}, { reply: { id: "menu:3", title: "Muitas" } }] } } });
    expect(options.json).toMatchObject({ type: "text", text: { body: expect.stringContaining("*[ 11 ]* - Opção 11") } });

    const sandbox = await pairedSandbox(t.http, owner.token, "Sandbox Menu");
    expect((await t.http.put(`/whatsapp/${sandbox.id}`, { name: sandbox.name, queueIds: queues.map((q) => q.id), greetingMessage: "Bem-vindo à Loja!" }, owner.token)).status).toBe(200);
    await customerSays(t.http, sandbox, "5511944440000", "Oi");
    const outbound = await t.http.get(`/sandbox/${sandbox.id}/outbound?number=5511944440000`, sandbox.token);
    expect(outbound.body.map((m: { body: string }) => m.body)).toEqual(["Bem-vindo à Loja!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte técnico"]);
  });
});

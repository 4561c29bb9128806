import { and, asc, eq, isNull } from "drizzle-orm";
import { companies, contacts, queueOptions, queues, whatsappQueues, whatsapps } from "../db/schema";
import type { Tx } from "./outbox";
import { stageBotMessage } from "./outbox";
import { fillTemplateVariables } from "@balcao/common";

type TicketRow = typeof import("../db/schema").tickets.$inferSelect;
type MessageRow = typeof import("../db/schema").messages.$inferSelect;

/** Everything one automation decision reads about a ticket, loaded inside its transaction. */
export async function loadBotContext(tx: Tx, ticket: TicketRow) {
  const [connection] = await tx.select().from(whatsapps).where(and(eq(whatsapps.companyId, ticket.companyId), eq(whatsapps.id, ticket.whatsappId ?? -1)));
  const [company] = await tx.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, ticket.companyId));
  const connectionQueues = connection
    ? await tx
        .select({ id: queues.id, name: queues.name, greetingMessage: queues.greetingMessage, outOfHoursMessage: queues.outOfHoursMessage, schedules: queues.schedules })
        .from(whatsappQueues)
        .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
        .where(and(eq(whatsappQueues.companyId, ticket.companyId), eq(whatsappQueues.whatsappId, connection.id)))
        .orderBy(asc(queues.orderQueue), asc(queues.name))
    : [];
  return { connection: connection ?? null, companySchedules: company?.schedules ?? [], contactName: await contactNameOf(tx, ticket), queues: connectionQueues };
}

export type BotContext = Awaited<ReturnType<typeof loadBotContext>>;
export type BotQueue = BotContext["queues"][number];

/** Children of `parentId` (null: the top) in a queue's options tree. */
export function optionsUnder(tx: Tx, companyId: number, queueId: number, parentId: number | null) {
  return tx
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, queueId), parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId)));
}

/** The name the templates call the customer by. */
export async function contactNameOf(tx: Tx, ticket: { contactId: number }) {
  const [c] = await tx.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId));
  return c?.name ?? "";
}

/** Collects a decision's messages: templates filled in, empty texts skipped. */
export class Reply {
  readonly staged: MessageRow[] = [];
  constructor(
    private readonly tx: Tx,
    private readonly ticket: TicketRow,
    private readonly contactName: string,
  ) {}

  async say(text: string | null | undefined) {
    const body = text?.trim() ? fillTemplateVariables(text.trim(), { contactName: this.contactName, ticketId: this.ticket.id }) : "";
    if (body) this.staged.push(await stageBotMessage(this.tx, this.ticket, body));
  }
}

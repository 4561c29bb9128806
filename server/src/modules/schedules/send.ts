import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { contacts, schedules, users, whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { mimeOf } from "../../media/store";
import { fillTemplateVariables, type TemplateSendBody } from "@balcao/common";
import { activeTicketFor } from "../externalApi/service";
import { sendOutbound } from "../messages/send";
import { prepareTemplate, sendTemplate } from "../messages/templates";
import { serviceWindowOf } from "../tickets/serviceWindow";
import { assertMaySend } from "../companies/sendingAllowed";

type ScheduleRow = typeof schedules.$inferSelect;

/** The contact's own connection when it still exists, else the company's default one. */
async function connectionFor(ctx: AppContext, companyId: number, whatsappId: number | null) {
  if (whatsappId) {
    const [own] = await ctx.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId)));
    if (own) return own;
  }
  const [fallback] = await ctx.db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)));
  if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 404);
  return fallback;
}

/**
 * A schedule's template must be one of the approved templates of the connection the contact is
 * written to, and that connection a Cloud API one; refused naming the field `template`.
 */
export async function checkScheduleTemplate(ctx: AppContext, companyId: number, contactId: number, template: TemplateSendBody | null) {
  if (!template) return;
  const [contact] = await ctx.db
    .select({ whatsappId: contacts.whatsappId })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)));
  const whatsapp = await connectionFor(ctx, companyId, contact?.whatsappId ?? null).catch(() => null);
  if (whatsapp?.channel !== "cloud") throw new AppError("ERR_VALIDATION", 400, { field: "template", message: "template: message templates are sent on Cloud API connections only" });
  await prepareTemplate(ctx.db, companyId, whatsapp.id, template);
}

/** The author, when still a user of the company: the message is shown as theirs. */
async function authorOf(ctx: AppContext, schedule: ScheduleRow) {
  if (!schedule.userId) return null;
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, schedule.companyId), eq(users.id, schedule.userId)));
  return user?.id ?? null;
}

/**
 * Sends a claimed schedule into the contact's open or pending ticket on its connection (or a new
 * pending one), with its image when it has one. Returns the ticket used; throws when it could not
 * go out (no connection, not connected, the channel refused, the company past its due date).
 */
export async function deliverSchedule(ctx: AppContext, schedule: ScheduleRow): Promise<number> {
  await assertMaySend(ctx.db, schedule.companyId);
  const [contact] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, schedule.companyId), eq(contacts.id, schedule.contactId)));
  if (!contact?.number) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const whatsapp = await connectionFor(ctx, schedule.companyId, contact.whatsappId);
  if (whatsapp.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  // the contact exists with this number, so this finds (never creates) it and its active ticket
  const ticket = await activeTicketFor(ctx, whatsapp, contact.number);
  const media = schedule.mediaPath ? { data: await ctx.media.read(schedule.companyId, schedule.mediaPath), filename: schedule.mediaName ?? "imagem.png", mimetype: mimeOf(schedule.mediaName ?? "") } : undefined;
  const fill = (text: string) => fillTemplateVariables(text, { contactName: contact.name, ticketId: ticket.id });
  const userId = await authorOf(ctx, schedule);
  if (schedule.template && whatsapp.channel === "cloud") {
    const { variables = [], headerVariables = [], buttonVariables = [] } = schedule.template;
    const sent = await sendTemplate(ctx, ticket, { ...schedule.template, variables: variables.map(fill), headerVariables: headerVariables.map(fill), buttonVariables: buttonVariables.map(fill) }, userId);
    if (sent.sendStatus === "failed") throw new AppError("ERR_SENDING_WAPP_MSG", 400);
    return ticket.id;
  }
  // outside the 24-hour window Meta delivers templates only: the text is not attempted
  if (!(await serviceWindowOf(ctx, ctx.db, ticket)).open) throw new AppError("ERR_SERVICE_WINDOW_CLOSED", 400);
  const body = fill(schedule.body);
  const sent = await sendOutbound(ctx, ticket, { body, media, userId });
  if (sent.sendStatus === "failed") throw new AppError("ERR_SENDING_WAPP_MSG", 400);
  return ticket.id;
}

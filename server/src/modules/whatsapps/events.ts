import type { Actor, NewEvent } from "../../events/types";
import type { presentWhatsapp } from "./present";

type WhatsappView = Awaited<ReturnType<typeof presentWhatsapp>>;

export const whatsappStream = (whatsappId: number) => `whatsapp:${whatsappId}`;

/** The connection as the whole company may see it: no token, no channel secret. */
export function forCompany(view: WhatsappView): WhatsappView {
  return { ...view, token: undefined, cloud: view.cloud && { ...view.cloud, verifyToken: "" } };
}

const factsOf = (view: WhatsappView) => ({ whatsappId: view.id, name: view.name, channel: view.channel });

export function whatsappCreated(view: WhatsappView, actor: Actor): NewEvent {
  return { type: "whatsapp.created", companyId: view.companyId, stream: whatsappStream(view.id), actor, data: factsOf(view), transient: { whatsapp: forCompany(view) } };
}

export function whatsappUpdated(view: WhatsappView, changed: string[], actor: Actor): NewEvent {
  return { type: "whatsapp.updated", companyId: view.companyId, stream: whatsappStream(view.id), actor, data: { ...factsOf(view), changed }, transient: { whatsapp: forCompany(view) } };
}

export function whatsappDeleted(row: { id: number; companyId: number; name: string; channel: string }, actor: Actor): NewEvent {
  return { type: "whatsapp.deleted", companyId: row.companyId, stream: whatsappStream(row.id), actor, data: { whatsappId: row.id, name: row.name, channel: row.channel } };
}

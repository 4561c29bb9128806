import type { ContactView } from "@balcao/common";
import type { contacts } from "../../db/schema";

type ContactRow = typeof contacts.$inferSelect;

export function presentContact(c: ContactRow) {
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email,
    profilePicUrl: c.profilePicUrl,
    urlPicture: c.profilePicUrl,
    isGroup: c.isGroup,
    extraInfo: c.extraInfo,
    whatsappId: c.whatsappId,
    companyId: c.companyId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The short shape of GET /contacts/list (selects). */
export function presentContactOption(c: ContactRow) {
  return { id: c.id, name: c.name, number: c.number, email: c.email, profilePicUrl: c.profilePicUrl };
}

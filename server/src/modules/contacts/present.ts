import type { ContactView } from "@balcao/common";
import type { contacts } from "../../db/schema";
import { CONTACT_VIEW } from "./contactView";

type ContactRow = typeof contacts.$inferSelect;

export function presentContact(c: ContactRow): ContactView {
  return CONTACT_VIEW.fromRow(c);
}

/** The short shape of GET /contacts/list (selects). */
export function presentContactOption(c: ContactRow) {
  return { id: c.id, name: c.name, number: c.number, email: c.email, profilePicUrl: c.profilePicUrl };
}

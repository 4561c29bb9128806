import type { ContactView } from "@balcao/common";
import { contacts } from "../../db/schema";
import { viewShape } from "../../db/viewShape";

/** The contact's view: the one declaration its presenter and the statements that build it in SQL share. */
export const CONTACT_VIEW = viewShape<ContactView>()(contacts, (f) => ({
  id: "id",
  name: "name",
  number: "number",
  lid: "lid",
  username: "username",
  email: "email",
  profilePicUrl: "profilePicUrl",
  urlPicture: "profilePicUrl",
  isGroup: "isGroup",
  extraInfo: "extraInfo",
  whatsappId: "whatsappId",
  companyId: "companyId",
  createdAt: f.iso("createdAt"),
  updatedAt: f.iso("updatedAt"),
}));

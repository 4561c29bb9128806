/** WhatsApp addresses (JIDs) and the numbers the product stores. */

const PHONE = "@s.whatsapp.net";
const GROUP = "@g.us";

/** The user part of a JID, without its device ("5511999990000:12@s.whatsapp.net" → "5511999990000"). */
export function userOf(jid: string | null | undefined) {
  return (jid ?? "").split("@")[0].split(":")[0];
}

export const isGroupJid = (jid: string | null | undefined) => !!jid?.endsWith(GROUP);
export const isPhoneJid = (jid: string | null | undefined) => !!jid?.endsWith(PHONE);
export const isLidJid = (jid: string | null | undefined) => !!jid?.endsWith("@lid");

/**
 * The address of a stored number. Phone numbers have at most 15 digits (E.164); group ids are
 * longer ("120363…") or carry a dash (older groups), so they go to @g.us. A full JID is kept.
 */
export function jidOf(number: string) {
  const trimmed = number.trim();
  if (trimmed.includes("@")) return trimmed;
  const digits = trimmed.replace(/[^\d-]/g, "");
  if (digits.includes("-") || digits.replace(/-/g, "").length > 15) return `${digits}${GROUP}`;
  return `${digits}${PHONE}`;
}

/**
 * Who a chat or sender is, from its address and the alternative WhatsApp gives beside it: the
 * phone number's digits ("" when only the LID is known) and the LID's digits when known.
 */
export function identityOf(jid: string | null | undefined, alternative: string | null | undefined): { number: string; lid?: string } {
  const phone = [jid, alternative].find(isPhoneJid);
  const lid = [jid, alternative].find(isLidJid);
  return { number: phone ? userOf(phone).replace(/\D/g, "") : "", ...(lid ? { lid: userOf(lid) } : {}) };
}

/** The phone JID of a sender, preferring the phone-number form when WhatsApp addresses it by LID. */
export function phoneJid(jid: string | null | undefined, alternative: string | null | undefined) {
  if (isLidJid(jid) && isPhoneJid(alternative)) return alternative!;
  return jid ?? "";
}

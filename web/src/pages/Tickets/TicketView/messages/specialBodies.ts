import { safeHref } from "../../../../components/whatsappText/whatsappFormat";

export interface LocationBody {
  imageUrl: string | null;
  link: string | null;
  description: string;
}

/** A location message body: 'imageUrl|link|optional description'. Only safe URLs are kept. */
export function parseLocation(body: string): LocationBody {
  const [image = "", link = "", ...rest] = body.split("|");
  const imageUrl = /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(image.trim()) ? image.trim() : safeHref(image.trim());
  return { imageUrl, link: safeHref(link.trim()), description: rest.join("|").trim() };
}

export interface VcardBody {
  name: string;
  numbers: string[];
}

/** The name (FN, else N) and the phone numbers (TEL, or the waid parameter) of a vCard. */
export function parseVcard(body: string): VcardBody {
  const lines = body.replace(/\r\n[ \t]/g, "").split(/\r?\n/);
  let name = "";
  let structured = "";
  const numbers: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const key = line.slice(0, colon).toUpperCase();
    const value = line.slice(colon + 1).trim();
    if (key === "FN" || key.startsWith("FN;")) name = value;
    else if (key === "N" || key.startsWith("N;")) structured = value.split(";").filter(Boolean).reverse().join(" ");
    else if (/(^|\.)TEL([;:]|$)/.test(key)) {
      const waid = /WAID=(\d+)/.exec(key)?.[1];
      const number = waid ?? value.replace(/[^\d+]/g, "");
      if (number && !numbers.includes(number)) numbers.push(number);
    }
  }
  return { name: name || structured, numbers };
}

import type * as Baileys from "baileys";

export type BaileysLibrary = typeof Baileys;

let loading: Promise<BaileysLibrary> | null = null;

/**
 * Baileys, imported on first use: it costs tens of MB of memory once loaded, so a server with no
 * WhatsApp Web session never loads it. Only starting a session, or reading a saved one, does.
 */
export function loadBaileys(): Promise<BaileysLibrary> {
  loading ??= import("baileys").catch((err) => {
    loading = null; // let the next use try again
    throw err;
  });
  return loading;
}

import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const browserAvailable = fs.existsSync(CHROMIUM);
if (!browserAvailable && process.env.REQUIRE_BROWSER) throw new Error(`REQUIRE_BROWSER is set but no Chromium at ${CHROMIUM}`);
if (!browserAvailable) console.warn(`Browser journeys skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);

/** Debian's Chromium, headless, with the flags that keep it off the network. */
export function launchBrowser(): Promise<Browser> {
  // playwright gives every launch a fresh temporary profile
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

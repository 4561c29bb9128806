import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startServer, type RunningServer } from "./server";

/** What a journey runs against: the real server and a Chromium. */
export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/** Starts the server, then the browser; a browser that fails to start stops the server again. */
export async function startJourney(extraEnv: Record<string, string> = {}): Promise<Journey> {
  const server = await startServer(extraEnv);
  try {
    return { server, browser: await launchBrowser() };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** Closes the browser and stops the server, whichever of them started. */
export async function stopJourney({ server, browser }: Partial<Journey>) {
  await browser?.close();
  await server?.stop();
}

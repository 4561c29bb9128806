import type { Page } from "playwright-core";

/** Opens the simulator on a signed-in admin's page and makes it the phone of the customer `number`, called `name`. */
export async function simulateCustomer(page: Page, number: string, name: string) {
  await page.getByTestId("menu-simulator").click();
  await page.getByTestId("simulator-page").waitFor();
  await page.getByTestId("simulator-status").and(page.locator('[data-status="CONNECTED"]')).waitFor();
  const numberApplied = page.waitForResponse((r) => r.url().includes(`/conversation?number=${number}`));
  await page.getByTestId("simulator-number").fill(number);
  await page.getByTestId("simulator-name").fill(name);
  await numberApplied; // the phone now speaks as this number
}

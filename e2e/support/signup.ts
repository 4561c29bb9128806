import type { Page } from "playwright-core";

/** What a visitor types into the /signup form; `phone` as digits, the mask writes the rest. */
export interface NewCompany {
  name: string;
  userName: string;
  email: string;
  phone: string;
  password: string;
  planId: number;
}

/** Fills every field of the /signup form the page shows, the plan picked from its list. */
export async function fillSignupForm(page: Page, company: NewCompany) {
  await page.getByTestId("signup-name").fill(company.name);
  await page.getByTestId("signup-user-name").fill(company.userName);
  await page.getByTestId("signup-email").fill(company.email);
  await page.getByTestId("signup-phone").pressSequentially(company.phone);
  await page.getByTestId("signup-password").fill(company.password);
  await page.getByTestId("signup-plan").click();
  await page.getByTestId(`signup-plan-option-${company.planId}`).click();
}

/** Submits the filled form; resolves once the server made the company, the success toast shows and the page is /login. */
export async function submitSignup(page: Page) {
  const created = page.waitForResponse((r) => r.url().endsWith("/companies/cadastro") && r.request().method() === "POST");
  await page.getByTestId("signup-submit").click();
  const response = await created;
  if (!response.ok()) throw new Error(`sign-up refused: ${response.status()} ${await response.text()}`);
  await page.getByText("Usuário criado com sucesso! Faça seu login!").waitFor();
  await page.waitForURL(/\/login$/);
}

import { expect, type Locator, type Page } from "@playwright/test";

/** The sign-in page, as a person uses it. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel("Email");
    this.password = page.getByLabel("Password", { exact: true });
    this.submit = page.getByRole("button", { name: "Sign in" });
    // Within <main>: Next's route announcer is an alert too.
    this.alert = page.getByRole("main").getByRole("alert");
  }

  async goto(next?: string) {
    await this.page.goto(next ? `/login?next=${encodeURIComponent(next)}` : "/login");
    await this.expectShown();
  }

  async expectShown() {
    await expect(this.page.getByRole("heading", { level: 1, name: "Sign in to Agency Desk" })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** The error sentence under a field (its accessible description). */
  async expectFieldError(field: Locator, sentence: string) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(sentence);
  }
}

/** Where people land after signing in: Needs attention when it lists anything, else Bookings or Search (lib/bff/landing.ts). */
export async function expectAtWork(page: Page) {
  await expect(page).toHaveURL(/\/(attention|bookings|search)$/);
  await expect(page.getByRole("heading", { level: 1, name: /^(Needs attention|Bookings|Search)$/ })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Desk status" })).toHaveCount(0);
}

/** Sign out is in the menu under the person's name. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: /^Signed in as/ }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
}

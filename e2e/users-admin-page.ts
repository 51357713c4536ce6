import { expect, type Locator, type Page } from "@playwright/test";

/** /admin/users, as an admin uses it. */
export class UsersAdminPage {
  readonly people: Locator;

  constructor(readonly page: Page) {
    this.people = page.getByRole("list", { name: "People" });
  }

  async goto() {
    await this.page.goto("/admin/users");
    await expect(this.page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  }

  row(name: string): Locator {
    return this.people.getByRole("listitem", { name, exact: true });
  }

  /** Invites someone and returns the invite link the page shows. */
  async invite(user: { name: string; email: string; role: "Advisor" | "Admin" }): Promise<string> {
    await this.page.getByRole("button", { name: "Invite user" }).first().click();
    const panel = this.page.getByRole("region", { name: "Invite a user" });
    await panel.getByLabel("Name").fill(user.name);
    await panel.getByLabel("Email").fill(user.email);
    await panel.getByLabel("Role").selectOption({ label: user.role });
    await panel.getByRole("button", { name: "Create invite link" }).click();
    const link = this.page.getByRole("textbox", { name: `Invite link for ${user.name}` });
    await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
    return link.inputValue();
  }
}

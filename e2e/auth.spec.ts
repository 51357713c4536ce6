import { randomUUID } from "node:crypto";
import { DEMO_USERS } from "../lib/auth/config";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";
import { expectAtWork, LoginPage, signOut } from "./login-page";
import { UsersAdminPage } from "./users-admin-page";

const advisor = DEMO_USERS.find((u) => u.role === "advisor")!;
const INVALID = "The email or password is not right. Check both and try again.";

test.describe("signing in", () => {
  test("the desk asks for sign-in, then returns to the page asked for; Sign out ends the session", async ({
    page,
    expectAccessible,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login\?next=%2F$/);
    const login = new LoginPage(page);
    await login.expectShown();
    await expect(page).toHaveTitle("Sign in · Agency Desk");
    await expectAccessible();

    await login.signIn(advisor.email, advisor.password);
    // Straight to the advisor's work, never the desk's technical status page.
    await expectAtWork(page);
    await expect(page.getByRole("banner")).toContainText(/Signed in as\s*Alex Advisor/);
    await expect(page.getByRole("link", { name: "Users" })).toHaveCount(0);

    await signOut(page);
    await login.expectShown();
    await page.goto("/");
    await login.expectShown();
  });

  test("a wrong password gets one sentence on the password field and keeps the email", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.submit.click();
    await login.expectFieldError(login.email, "Enter your email address.");
    await login.expectFieldError(login.password, "Enter your password.");

    await login.signIn(advisor.email.toUpperCase(), "not the password");
    await login.expectFieldError(login.password, INVALID);
    await expect(login.email).toHaveValue(advisor.email.toUpperCase());
    await expect(login.password).toHaveValue("");
    await expect(login.password).toBeFocused();
  });

  test("refuses a sixth failure on one account with a 429 and a sentence", async ({ page }, testInfo) => {
    // An account of its own (unknown emails are throttled the same way), so parallel runs do not meet.
    const email = `throttle-${testInfo.project.name}-${randomUUID().slice(0, 8)}@agency-desk.test`;
    const login = new LoginPage(page);
    await login.goto();
    for (let i = 1; i <= 5; i++) {
      await login.signIn(email, `wrong password ${i}`);
      await login.expectFieldError(login.password, INVALID);
    }
    await login.signIn(email, "wrong password 6");
    await expect(login.alert).toHaveText("Too many sign-in attempts. Try again in 15 minutes.");
    await expect(login.email).toHaveValue(email);

    const res = await page.request.post("/api/auth/login", { data: { email, password: "wrong password 7" }, headers: { Origin: E2E_ORIGIN } });
    expect(res.status()).toBe(429);
    expect(Number(res.headers()["retry-after"])).toBeGreaterThan(800);
    expect(await res.json()).toEqual({
      data: null,
      meta: {},
      error: { code: "rate_limited", message: "Too many sign-in attempts. Try again in 15 minutes.", details: [] },
    });
  });

  // Issue 28: each of these resolved to `//evil.com…`, and the form followed it after signing in.
  for (const next of ["/.//evil.com/phish", "/./%5Cevil.com"]) {
    test(`signing in from /login?next=${next} lands on the person's work, never another site`, async ({ page }) => {
      await page.goto(`/login?next=${next}`);
      const login = new LoginPage(page);
      await login.expectShown();
      await login.signIn(advisor.email, advisor.password);
      await expectAtWork(page);
      expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);
    });
  }

  test("refuses a cross-site sign-in request", async ({ request }) => {
    const res = await request.post("/api/auth/login", {
      data: { email: advisor.email, password: advisor.password },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe("forbidden");
  });
});

test.describe("as the demo advisor", () => {
  test.use({ storageState: STORAGE_STATE.advisor });

  test("the users admin is closed, with a designed 403", async ({ page, expectAccessible }) => {
    const answer = await page.goto("/admin/users");
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    await expect(page.getByText("403 · Admins only")).toBeVisible();
    await expectAccessible();

    const res = await page.request.get("/api/users");
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toMatchObject({ code: "forbidden" });
  });
});

test.describe("as the demo admin", () => {
  test.use({ storageState: STORAGE_STATE.admin });

  test("invites a user who sets a password and signs in; deactivating them ends their session", async ({
    page,
    browser,
    expectAccessible,
  }, testInfo) => {
    // Two people in two browsers, eleven pages: past 30 s on a loaded 2-core machine.
    test.slow();
    const admin = new UsersAdminPage(page);
    await admin.goto();
    await expect(admin.row("Avery Admin")).toContainText("You");
    await expectAccessible();

    const id = randomUUID().slice(0, 8);
    const invitee = { name: `Noor ${testInfo.project.name} ${id}`, email: `noor-${id}@agency-desk.test`, role: "Advisor" as const };
    const link = await admin.invite(invitee);
    await expect(admin.row(invitee.name)).toContainText("Invited");
    await expectAccessible();

    // Inviting the same email again is refused on the email field.
    await page.getByRole("button", { name: "Invite someone else" }).click();
    const panel = page.getByRole("region", { name: "Invite a user" });
    await panel.getByLabel("Name").fill("Someone Else");
    await panel.getByLabel("Email").fill(invitee.email.toUpperCase());
    await panel.getByRole("button", { name: "Create invite link" }).click();
    await expect(panel.getByLabel("Email")).toHaveAccessibleDescription("Someone already has an account with this email address.");

    // The invitee, in a browser of their own.
    // Signed out: tests' `use` options, the admin's storageState included, apply to new contexts too.
    const theirs = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const them = await theirs.newPage();
    await them.goto(link);
    await expect(them.getByRole("heading", { level: 1, name: `Welcome, Noor` })).toBeVisible();
    await them.getByLabel("New password", { exact: true }).fill("a long enough password");
    await them.getByLabel("Type it again", { exact: true }).fill("a different password");
    await them.getByRole("button", { name: "Set password" }).click();
    await expect(them.getByLabel("Type it again", { exact: true })).toHaveAccessibleDescription("The two passwords are not the same.");
    await them.getByLabel("Type it again", { exact: true }).fill("a long enough password");
    await them.getByRole("button", { name: "Set password" }).click();

    const login = new LoginPage(them);
    await login.expectShown();
    await expect(them.getByRole("status")).toContainText("Your password is set.");
    await expect(login.email).toHaveValue(invitee.email);
    await login.password.fill("a long enough password");
    await login.submit.click();
    await expectAtWork(them);
    await expect(them.getByRole("banner")).toContainText(invitee.name);

    // The link works once.
    await them.goto(link);
    await expect(them.getByRole("heading", { name: "This invite link was already used" })).toBeVisible();

    // The admin deactivates them: their next request finds them signed out.
    await admin.goto();
    const row = admin.row(invitee.name);
    await expect(row).toContainText("Active");
    await row.getByRole("button", { name: "Deactivate" }).click();
    await row.getByRole("button", { name: "Deactivate Noor" }).click();
    await expect(row).toContainText("Deactivated");
    await expect(row.getByRole("button", { name: "Reactivate" })).toBeVisible();

    await them.goto("/");
    await login.expectShown();
    await login.signIn(invitee.email, "a long enough password");
    await expect(login.password).toHaveAccessibleDescription(
      "This account has been deactivated. Ask an admin of your agency to reactivate it.",
    );
    await theirs.close();
  });

  test("the users routes refuse what another site can make a signed-in browser send", async ({ page }) => {
    // Issue 28: these went through a second door that took all of them (a 201 for the first).
    const invitee = { name: "Mallory", email: `mallory-${randomUUID().slice(0, 8)}@agency-desk.test`, role: "admin" };
    const asText = JSON.stringify(invitee);
    const refusals = [
      await page.request.post("/api/users", { data: asText, headers: { Referer: "https://evil.example/", "Content-Type": "text/plain" } }),
      await page.request.post("/api/users", { data: invitee }),
      await page.request.post("/api/users", { data: invitee, headers: { Origin: E2E_ORIGIN, "Sec-Fetch-Site": "cross-site" } }),
    ];
    for (const res of refusals) {
      expect(res.status()).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
    }
    const plain = await page.request.post("/api/users", { data: asText, headers: { Origin: E2E_ORIGIN, "Content-Type": "text/plain" } });
    expect(plain.status()).toBe(415);
    expect((await plain.json()).error).toEqual({ code: "unsupported_media_type", message: "The request body must be sent as JSON.", details: [] });
    const list = await page.request.get("/api/users");
    expect(((await list.json()).data.users as Array<{ email: string }>).map((u) => u.email)).not.toContain(invitee.email);
  });

  test("cannot deactivate or demote themself", async ({ page }) => {
    const admin = new UsersAdminPage(page);
    await admin.goto();
    const me = admin.row("Avery Admin");
    await expect(me.getByRole("button")).toHaveCount(0);

    const list = await page.request.get("/api/users");
    const { users } = (await list.json()).data as { users: { id: string; email: string }[] };
    const self = users.find((u) => u.email === "admin@agency-desk.test")!;
    const res = await page.request.patch(`/api/users/${self.id}`, { data: { active: false }, headers: { Origin: E2E_ORIGIN } });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.message).toBe("You cannot deactivate yourself or change your own role. Ask another admin.");
    const bad = await page.request.patch(`/api/users/${self.id}`, { data: { role: "owner" }, headers: { Origin: E2E_ORIGIN } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.code).toBe("validation_error");
  });
});

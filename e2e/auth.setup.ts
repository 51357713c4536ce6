import { expect, test as setup } from "@playwright/test";
import { DEMO_USERS } from "../lib/auth/config";
import { E2E_ORIGIN, STORAGE_STATE } from "./constants";

// Signs each demo user in once, through the same handler the sign-in page uses, and saves
// the session cookie for the tests that start signed in.
for (const demo of DEMO_USERS) {
  setup(`sign in as the demo ${demo.role}`, async ({ request }) => {
    // A browser sends its Origin with every POST; Playwright's request context does not, so it is said here.
    const res = await request.post("/api/auth/login", { data: { email: demo.email, password: demo.password }, headers: { Origin: E2E_ORIGIN } });
    expect(res.status(), await res.text()).toBe(200);
    await request.storageState({ path: STORAGE_STATE[demo.role] });
  });
}

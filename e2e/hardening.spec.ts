import { STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

// Hostile input answered before routing (proxy.ts) or by the BFF's checks, always in the
// envelope with a stable code; and the pages' Content-Security-Policy.

test.describe("hostile addresses", () => {
  test.use({ storageState: STORAGE_STATE.advisor });
  test.skip(({ isMobile }) => isMobile, "HTTP only: one run is enough");

  test("a path that is not valid percent-encoding: 400 malformed_url, signed in or not, API or page", async ({ request, playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    for (const ctx of [request, anonymous]) {
      for (const path of ["/api/bookings/%ff%fe", "/api/search/%ZZ/results", "/search/%ZZ/hotels/x", "/bookings/%E0%A4%A"]) {
        const res = await ctx.get(path);
        expect(res.status(), path).toBe(400);
        expect(await res.json()).toMatchObject({ data: null, error: { code: "malformed_url", message: expect.stringMatching(/not valid/) } });
      }
    }
    await anonymous.dispose();
  });

  test("query parameters named like built-in properties are unknown parameters, not a crash", async ({ request }) => {
    // `__proto__` is dropped by zod itself (an ordinary 200); the others are unknown fields.
    const proto = await request.get("/api/health?__proto__=1");
    expect(proto.status()).toBeLessThan(500);
    expect(await proto.json()).toHaveProperty("error");
    for (const name of ["constructor", "toString", "valueOf", "hasOwnProperty"]) {
      const health = await request.get(`/api/health?${name}=1`);
      expect(health.status(), name).toBe(400);
      expect((await health.json()).error).toMatchObject({ code: "validation_error", details: [{ path: name, message: "Unknown field." }] });
      const list = await request.get(`/api/bookings?${name}=1`);
      expect(list.status(), name).toBe(400);
    }
  });

  test("a booking ID with a NUL byte, a slash or 300 characters is refused before the database", async ({ request }) => {
    for (const id of ["%00", "bk%00x", "a%2Fb", "x".repeat(300)]) {
      for (const action of ["pay", "cancel", "refresh-status", "email-client"]) {
        const res = await request.post(`/api/bookings/${id}/${action}`, { data: {}, headers: { Origin: test.info().project.use.baseURL! } });
        expect(res.status(), `${id} ${action}`).toBe(400);
        expect((await res.json()).error).toMatchObject({ code: "validation_error", details: [expect.objectContaining({ path: "bookingId" })] });
      }
    }
  });
});

test("pages carry a strict Content-Security-Policy: scripts by nonce, no unsafe-inline or eval", async ({ page }) => {
  const res = await page.goto("/login");
  const csp = res!.headers()["content-security-policy"]!;
  const scripts = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"))!;
  expect(scripts).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'$/);
  // A fresh nonce per request.
  const again = await page.request.get("/login");
  expect(again.headers()["content-security-policy"]).not.toBe(csp);
  // The page runs (the fixture fails the test on any CSP violation or console error).
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

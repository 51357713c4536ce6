import http from "node:http";
import { E2E_ORIGIN, E2E_TDS_API_KEY, STORAGE_STATE } from "./constants";
import { expect, test } from "./fixtures";

/**
 * Sends a request as a browser that then goes away (Reload, Back, a closed tab): the connection
 * is dropped `after` ms, with only `partialBody` of a longer body sent when one is given.
 */
function goAway(path: string, opts: { method?: string; headers?: Record<string, string>; partialBody?: string; after: number }): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(new URL(path, E2E_ORIGIN), { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(`answered ${res.statusCode}`));
      res.on("error", () => resolve("gone"));
    });
    req.on("error", () => resolve("gone"));
    if (opts.partialBody !== undefined) req.write(opts.partialBody);
    else req.end();
    setTimeout(() => req.destroy(), opts.after);
  });
}

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
      // With a body too (the proxy runs for a request with a body only when its path holds an escape).
      for (const path of ["/api/bookings/%ff%fe/pay", "/api/search/%ZZ/hotels/x/rates", "/search/%ZZ"]) {
        const res = await ctx.post(path, { data: { any: "body" }, headers: { Origin: E2E_ORIGIN } });
        expect(res.status(), `POST ${path}`).toBe(400);
        expect(await res.json()).toMatchObject({ data: null, error: { code: "malformed_url" } });
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

  test("a client that goes away mid-request is not an error: nothing in the server's log but a debug line", async ({ request, sandbox, serverLog }) => {
    const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const json = { "Content-Type": "application/json", "Content-Length": "4000", Origin: E2E_ORIGIN };
    // A results page the service holds back, for a search ID of this test's own (its route is in the log line).
    const searchId = `srch_${Array.from({ length: 16 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("")}`;
    const fault = await sandbox.control<{ id: string }>("POST", "/faults", { route: `GET /search/${searchId}/results`, kind: "slow", phase: "before", delayMs: 4_000 });
    expect(fault.status).toBe(201);
    const gone = await Promise.all([
      // A POST whose body was cut short: to the BFF, to sign-in, and to the service's mount.
      goAway("/api/search", { method: "POST", headers: { ...json, cookie }, partialBody: '{"productType":"hotel",', after: 400 }),
      goAway("/api/auth/login", { method: "POST", headers: json, partialBody: '{"email":"', after: 400 }),
      goAway("/sandbox/api/v1/search", { method: "POST", headers: { ...json, "X-API-Key": E2E_TDS_API_KEY }, partialBody: "{", after: 400 }),
      // Requests the server is still answering: a page, and results the service is slow with.
      goAway("/bookings", { headers: { cookie }, after: 30 }),
      goAway(`/api/search/${searchId}/results?limit=20`, { headers: { cookie }, after: 800 }),
    ]);
    expect(gone).toEqual(Array(5).fill("gone"));
    await sandbox.control("DELETE", `/faults/${fault.body.data.id}`);
    // What the server wrote meanwhile (both workers'), once it has seen every client go.
    await new Promise((r) => setTimeout(r, 2_000));
    const lines = await serverLog.lines();
    expect(lines.filter((l) => /uncaughtException|Error: aborted|ECONNRESET/.test(l))).toEqual([]);
    // The results request the client left: at most a debug line (the server logs at info).
    expect(lines.filter((l) => l.includes(`/api/search/${searchId}/results`))).toEqual([]);
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

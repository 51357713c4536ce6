import { afterEach, describe, expect, it } from "vitest";
import { DEV_ADMIN_TOKEN } from "../config";
import { testSandbox, type TestSandbox } from "@/lib/testing/sandbox";
import { ADMIN_FAILURES, sameToken } from "./admin-guard";

// The control plane's door (docs/sandbox.md#control-plane): its token compared in constant
// time, and wrong tokens throttled per client address the way sign-in throttles wrong passwords.

let sb: TestSandbox;
afterEach(() => sb?.close());

/** GET /_sandbox/clock with `token`, as the client at `address` (the mount passes the address it was given). */
const clock = (token: string | null, address = "203.0.113.7") =>
  sb.fetch(new Request("http://sandbox.test/_sandbox/clock", { headers: token === null ? {} : { "X-Sandbox-Admin": token } }), { address });

describe("the control plane's token", () => {
  it("is compared whatever the lengths, without throwing", () => {
    expect(sameToken(DEV_ADMIN_TOKEN, DEV_ADMIN_TOKEN)).toBe(true);
    expect(sameToken(`${DEV_ADMIN_TOKEN}x`, DEV_ADMIN_TOKEN)).toBe(false);
    expect(sameToken(DEV_ADMIN_TOKEN.slice(0, -1), DEV_ADMIN_TOKEN)).toBe(false);
    expect(sameToken(DEV_ADMIN_TOKEN.replace(/.$/, "?"), DEV_ADMIN_TOKEN)).toBe(false);
    expect(sameToken("", DEV_ADMIN_TOKEN)).toBe(false);
    expect(sameToken(undefined, DEV_ADMIN_TOKEN)).toBe(false);
    expect(sameToken("é".repeat(4), DEV_ADMIN_TOKEN)).toBe(false);
  });
});

describe("wrong tokens", () => {
  it(`are answered 401 ${ADMIN_FAILURES} times per client address, then 429 with Retry-After, even for the right token`, async () => {
    sb = testSandbox();
    expect(ADMIN_FAILURES).toBe(5);
    const statuses: number[] = [];
    for (let i = 0; i < ADMIN_FAILURES; i++) statuses.push((await clock(`wrong-token-${i}`)).status);
    expect(statuses).toEqual(Array(ADMIN_FAILURES).fill(401));

    const refused = await clock("wrong-token-again");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(await refused.json()).toEqual({
      data: null,
      meta: {},
      error: { code: "rate_limited", message: "Too many wrong control plane tokens from this address. Try again in 15 minutes.", details: [] },
    });
    // The right token from that address waits too: a guess that came right must not show.
    expect((await clock(DEV_ADMIN_TOKEN)).status).toBe(429);
    // Another address is not affected, and no header at all counts as a wrong token.
    expect((await clock(DEV_ADMIN_TOKEN, "198.51.100.1")).status).toBe(200);
    expect((await clock(null, "198.51.100.1")).status).toBe(401);
  });

  it("sent at once, 30 of them get at most five 401s", async () => {
    sb = testSandbox();
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => clock(`burst-${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ADMIN_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - ADMIN_FAILURES);
  });

  it("the right token is never counted, and a reset of the sandbox does not forget the wrong ones", async () => {
    sb = testSandbox();
    for (let i = 0; i < 50; i++) expect((await clock(DEV_ADMIN_TOKEN, "192.0.2.50")).status).toBe(200);
    for (let i = 0; i < ADMIN_FAILURES; i++) await clock("wrong", "192.0.2.51");
    await sb.fetch(new Request("http://sandbox.test/_sandbox/reset", { method: "POST", headers: { "X-Sandbox-Admin": DEV_ADMIN_TOKEN } }), { address: "192.0.2.50" });
    expect((await clock(DEV_ADMIN_TOKEN, "192.0.2.51")).status).toBe(429);
  });
});

import { describe, expect, it } from "vitest";
import { malformedUrl, wellFormedPath } from "@/proxy";
import { contentSecurityPolicy, newNonce, originsOf } from "./csp";

describe("the pages' Content-Security-Policy", () => {
  it("lets scripts run by this request's nonce only: no unsafe-inline, no eval in production", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", isDev: false, mediaOrigins: ["https://img.example"] });
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("img-src 'self' data: blob: https://img.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // `next dev` needs eval and its HMR websocket.
    expect(contentSecurityPolicy({ nonce: "n", isDev: true })).toMatch(/script-src [^;]*'unsafe-eval'.*connect-src 'self' ws: wss:/);
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });

  it("takes the origins of the media settings, ignoring what does not parse", () => {
    expect(originsOf("https://tds.example/api/x", "https://cdn.example, nonsense,")).toEqual(["https://tds.example", "https://cdn.example"]);
  });
});

describe("malformed addresses (proxy.ts)", () => {
  it("tells well-formed percent-encoding from what the router would choke on", () => {
    for (const ok of ["/", "/bookings/bk_1", "/search/a%20b/hotels/%C3%A9", "/x%2Fy"]) expect(wellFormedPath(ok), ok).toBe(true);
    for (const bad of ["/api/bookings/%ff%fe", "/api/search/%ZZ/results", "/a%", "/a%E0%A4%A"]) expect(wellFormedPath(bad), bad).toBe(false);
  });

  it("answers 400 in the envelope with a stable code and a sentence", async () => {
    const res = malformedUrl();
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      data: null,
      meta: {},
      error: { code: "malformed_url", message: expect.stringMatching(/^This address is not valid/), details: [] },
    });
  });
});

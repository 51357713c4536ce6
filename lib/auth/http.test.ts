import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, assertSameOrigin, clientIp, dataResponse, errorResponse, handle, parseBody, toApiError } from "./http";
import { PEER_HEADER, UNKNOWN_PEER } from "./client-address";
import { loginSchema } from "./schemas";
import { UserError } from "./users";

const APP = "http://localhost:3000";
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

describe("envelope", () => {
  it("wraps data", async () => {
    expect(await json(dataResponse({ a: 1 }, { status: 201 }))).toEqual({ status: 201, body: { data: { a: 1 }, meta: {}, error: null } });
  });

  it.each([
    [new ApiError("unauthorized", "Sign in."), 401, { code: "unauthorized", message: "Sign in.", details: [] }],
    [new ApiError("forbidden", "No."), 403, { code: "forbidden", message: "No.", details: [] }],
    [
      new UserError("email_taken", "Taken."),
      409,
      { code: "conflict", message: "Taken.", details: [{ path: "email", message: "Taken." }] },
    ],
    [new UserError("last_admin", "Last."), 409, { code: "conflict", message: "Last.", details: [] }],
    [new UserError("self_change", "Self."), 403, { code: "forbidden", message: "Self.", details: [] }],
    [new UserError("invite_expired", "Old."), 410, { code: "gone", message: "Old.", details: [] }],
    [new ApiError("rate_limited", "Wait."), 429, { code: "rate_limited", message: "Wait.", details: [] }],
    [new Error("secret internals"), 500, { code: "internal_error", message: "Something went wrong on our side. Try again in a moment.", details: [] }],
  ])("%s → %i", async (err, status, error) => {
    const original = console.error;
    console.error = () => {};
    try {
      expect(await json(errorResponse(toApiError(err)))).toEqual({ status, body: { data: null, meta: {}, error } });
    } finally {
      console.error = original;
    }
  });

  it("sends extra headers such as Retry-After", async () => {
    const res = await handle(async () => {
      throw new ApiError("rate_limited", "Wait.", [], { "Retry-After": "60" });
    })();
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
  });
});

describe("parseBody", () => {
  const post = (body: string) => new Request(`${APP}/api/x`, { method: "POST", body });

  it("gives each invalid field its sentence", async () => {
    const err = await parseBody(post(JSON.stringify({ email: "nope", password: "" })), loginSchema).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: "validation_error",
      details: [
        { path: "email", message: "Enter an email address such as name@agency.com." },
        { path: "password", message: "Enter your password." },
      ],
    });
  });

  it("refuses a body that is not JSON, and returns parsed data", async () => {
    await expect(parseBody(post("{"), z.object({}))).rejects.toMatchObject({ code: "validation_error", message: "The request body must be JSON." });
    expect(await parseBody(post(JSON.stringify({ email: " Ada@X.com ", password: "p" })), loginSchema)).toEqual({ email: "ada@x.com", password: "p" });
  });
});

describe("assertSameOrigin", () => {
  const check = (h: Record<string, string>) => () => assertSameOrigin(new Headers(h), APP);
  it.each([
    [{ origin: APP, host: "localhost:3000" }, true],
    [{ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }, true],
    [{ origin: "https://evil.example", host: "localhost:3000" }, false],
    [{ origin: "null", host: "localhost:3000" }, false],
    [{ "sec-fetch-site": "cross-site" }, false],
    [{ "sec-fetch-site": "same-site" }, false],
    [{ "sec-fetch-site": "same-origin" }, true],
    [{}, true],
  ])("%o → allowed %s", (headers, allowed) => {
    if (allowed) expect(check(headers)).not.toThrow();
    else expect(check(headers)).toThrow(expect.objectContaining({ code: "forbidden" }));
  });
});

describe("clientIp", () => {
  it("is the stamped socket's address (IPv6 by its /64), never X-Forwarded-For alone", () => {
    expect(clientIp(new Headers({ [PEER_HEADER]: "203.0.113.9", "x-forwarded-for": "1.1.1.1" }))).toBe("203.0.113.9");
    expect(clientIp(new Headers({ [PEER_HEADER]: "2001:db8::9" }))).toBe("2001:db8:0:0::/64");
    expect(clientIp(new Headers({ "x-forwarded-for": "1.1.1.1, 10.0.0.5" }))).toBe(UNKNOWN_PEER);
    expect(clientIp(new Headers({ "x-real-ip": "10.0.0.6" }))).toBe(UNKNOWN_PEER);
  });
});

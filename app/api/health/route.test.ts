import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BFF_ERRORS, SERVICE_ERRORS } from "@/lib/bff/errors";
import { setBffDeps, getBffDeps } from "@/lib/bff/deps";
import { bffTestKit, type BffTestKit } from "@/lib/testing/bff";
import { GET } from "./route";

let kit: BffTestKit;
beforeAll(async () => {
  kit = await bffTestKit();
});
afterAll(() => kit.close());

const check = { ok: true, latencyMs: expect.any(Number) };

describe("GET /api/health", () => {
  it("200 when the database and the service answer; public", async () => {
    kit.as(null);
    const res = await kit.call(GET, "/api/health");
    kit.as(kit.people.advisor);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { data: { status: "ok", checks: { database: check, service: check } }, meta: {}, error: null },
    });
  });

  it.each([
    ["the service is unreachable", async (): Promise<void> => kit.setTransport(async () => Promise.reject(new TypeError("fetch failed"))), "service", "service_unreachable", BFF_ERRORS.service_unreachable.message],
    ["the service refuses the key", async (): Promise<void> => void (await kit.rotateKey("tdsk_NotAKeyAtAll00000000000000000000000000000000")), "service", "unauthorized", SERVICE_ERRORS.unauthorized.message],
    [
      "the database is down",
      async (): Promise<void> => {
        const deps = await getBffDeps();
        setBffDeps({ ...deps, db: () => Promise.reject(new Error("ECONNREFUSED 10.0.0.9:5432")) });
      },
      "database",
      "database_unavailable",
      "The database is not answering.",
    ],
  ] as const)("503 naming what failed when %s", async (_name, breakIt, which, code, message) => {
    const deps = await getBffDeps();
    await breakIt();
    const res = await kit.call(GET, "/api/health");
    setBffDeps(deps);
    kit.setTransport(null);
    await kit.rotateKey();
    expect({ status: res.status, body: res.body }).toEqual({
      status: 503,
      body: { data: null, meta: {}, error: { code: "unavailable", message: `Not ready: ${which} failed.`, details: [{ path: which, message: `${message} (${code})` }] } },
    });
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.text).not.toMatch(/10\.0\.0\.9|tds\.example|tdsk_/);
  });
});

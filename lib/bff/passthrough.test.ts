import { afterAll, describe, expect, it } from "vitest";
import { sandboxClients, sandboxFetch, SANDBOX_BASE_URL } from "@/lib/testing/tds";
import { hotelSearchBody } from "../testing/bff";
import { passthroughResults } from "./passthrough";

const kit = sandboxClients();
afterAll(() => kit.sb.close());

const ctx = (searchId: string) => ({ params: Promise.resolve({ searchId }) });
const on = (apiKey: string) => passthroughResults(() => ({ enabled: true, baseUrl: SANDBOX_BASE_URL, apiKey }), sandboxFetch(kit.sb));

describe("the bench's bare pass-through", () => {
  it("is not there unless BENCH_PASSTHROUGH=1: 404 in the envelope, no call", async () => {
    let calls = 0;
    const off = passthroughResults(() => ({ enabled: false, baseUrl: SANDBOX_BASE_URL, apiKey: "k" }), async () => {
      calls++;
      return new Response("{}");
    });
    const res = await off(new Request("http://desk.test/api/bench/passthrough/search/s1/results"), ctx("s1"));
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 404,
      body: { data: null, meta: {}, error: { code: "not_found", message: expect.any(String), details: [] } },
    });
    expect(calls).toBe(0);
  });

  it("forwards the service's answer byte for byte, with the agency's key and the query", async () => {
    const key = (await kit.sb.control<{ key: string }>("POST", "/agencies/agy_demo/keys", {})).body.data.key;
    const made = await kit.sb.call<{ searchId: string }>("POST", "/api/v1/search", { key, body: { ...hotelSearchBody(kit.day), currency: "USD", market: "US" } });
    const { searchId } = made.body.data;
    const direct = await kit.sb.call("GET", `/api/v1/search/${searchId}/results?limit=3`, { key });
    const res = await on(key)(new Request(`http://desk.test/api/bench/passthrough/search/${searchId}/results?limit=3`), ctx(searchId));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.text()).toBe(direct.text);

    const refused = await on("tdsk_wrong")(new Request("http://desk.test/x?limit=3"), ctx(searchId));
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe("unauthorized");
  });
});

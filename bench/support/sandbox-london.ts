import { createSandbox } from "../../lib/sandbox/app";

/**
 * An in-process sandbox (in memory, no latency) and a London hotel search made in it with its
 * default key: what the benches that read a results page in process start from. `at` calls the
 * sandbox as `http://sandbox.bench`.
 */
export async function sandboxWithLondonSearch() {
  const sandbox = createSandbox({ dataDir: ":memory:", latencyScale: 0 });
  const { adminToken, apiKey } = sandbox.services.config;
  const at = (path: string, init: RequestInit = {}) => sandbox.fetch(new Request(`http://sandbox.bench${path}`, init));
  const day = (n: number) => new Date(Date.parse(`${sandbox.services.clock.today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const made = await at("/api/v1/search", {
    method: "POST",
    headers: { "X-API-Key": apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ productType: "hotel", occupancy: [{ adults: 2, childrenAges: [] }], currency: "USD", market: "US", residency: "US", destination: "London", checkIn: day(40), checkOut: day(43) }),
  });
  const searchId = ((await made.json()) as { data: { searchId: string } }).data.searchId;
  return { sandbox, adminToken, apiKey, at, searchId };
}

// The desk's key pages for browser benchmarks (bench/lighthouse.ts, bench/layout-shift.ts): signs
// the demo advisor in through the API and makes one hotel search, so the results, a hotel page and
// a checkout have real addresses; and a proposal of two of its hotels, shared, for the client's page.
import { DEMO_USERS } from "../../lib/auth/config";
import { checkoutHref, criteriaQuery, hotelHref, parseCriteria, searchHref, toSearchRequest } from "../../lib/search/criteria";
import { sleep } from "./prod-server";

type Envelope<T> = { data: T; meta: { session?: { status?: string } } };
type Row = { rateQuoteId: string; canonicalProductId: string; refundable: boolean; summary: { isPackage?: boolean; requiresGuestTitle?: boolean } };
export type DeskPage = { name: string; path: string; signedIn: boolean };

/** The demo advisor's session cookie ("name=value; …"), for a Cookie header. */
export async function signIn(baseURL: string): Promise<string> {
  const advisor = DEMO_USERS.find((u) => u.role === "advisor")!;
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { origin: baseURL, "content-type": "application/json" },
    body: JSON.stringify({ email: advisor.email, password: advisor.password }),
  });
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  if (res.status !== 200 || !cookie) throw new Error(`could not sign in: ${res.status} ${await res.text()}`);
  return cookie;
}

/** The key pages' addresses: one hotel search made through the desk, its first hotel, a rate of it. */
export async function deskPages(baseURL: string, cookie: string): Promise<DeskPage[]> {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const criteria = parseCriteria(new URLSearchParams({ type: "hotel", to: "text:|Barcelona", in: day(50), out: day(53), pax: "2", res: "US" }), "US")!;
  const headers = { cookie, origin: baseURL, "content-type": "application/json" };
  const made = await fetch(`${baseURL}/api/search`, { method: "POST", headers, body: JSON.stringify(toSearchRequest(criteria)) });
  if (made.status !== 201) throw new Error(`search failed: ${made.status} ${await made.text()}`);
  const searchId = ((await made.json()) as Envelope<{ searchId: string }>).data.searchId;
  let rows: Row[] = [];
  for (let i = 0; i < 80; i++) {
    const page = (await (await fetch(`${baseURL}/api/search/${searchId}/results?limit=50`, { headers })).json()) as Envelope<Row[]>;
    rows = page.data ?? [];
    if (rows.length > 0 && page.meta.session?.status !== "pending" && page.meta.session?.status !== "partial") break;
    await sleep(250);
  }
  const row = rows.find((r) => !r.summary.isPackage && !r.summary.requiresGuestTitle);
  if (!row) throw new Error("the search gave no bookable row");
  const proposal = await clientPage(baseURL, headers, rows, day);
  return [
    { name: "/login", path: "/login", signedIn: false },
    { name: "/search", path: `/search?${criteriaQuery({ ...criteria })}`, signedIn: true },
    { name: "results", path: searchHref(criteria, searchId), signedIn: true },
    { name: "hotel", path: hotelHref(searchId, row.canonicalProductId, criteria), signedIn: true },
    { name: "checkout", path: checkoutHref(row.rateQuoteId, searchId, criteria), signedIn: true },
    { name: "/bookings", path: "/bookings", signedIn: true },
    // The client's page (issue 29): opened signed out, on a phone like every mobile run.
    { name: "client's proposal", path: proposal, signedIn: false },
  ];
}

/** A proposal of two of the search's hotels as alternatives, made and shared as the advisor: its link's path. */
async function clientPage(baseURL: string, headers: Record<string, string>, rows: Row[], day: (n: number) => string): Promise<string> {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${baseURL}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as Envelope<T>).data;
  };
  const client = await post<{ id: string }>("/api/clients", { name: "Bench Client", email: "bench.client@example.com", phone: "" });
  let proposal = await post<{ id: string; groups: Array<{ id: string }> }>("/api/proposals", { clientId: client.id, title: "Barcelona, two hotels", validUntil: day(14) });
  const two = rows.filter((r, i, all) => !r.summary.isPackage && all.findIndex((x) => x.canonicalProductId === r.canonicalProductId) === i).slice(0, 2);
  for (const [i, r] of two.entries()) {
    const full = r as Row & { sellAmountMinor: number; sellCurrency: string; summary: { hotelName?: string | null } };
    proposal = await post(`/api/proposals/${proposal.id}/items`, {
      snapshot: {
        productType: "hotel",
        title: full.summary.hotelName ?? `Hotel ${i + 1}`,
        subtitle: "Double room · Breakfast",
        photoUrl: null,
        details: ["3 nights, 1 room", "Breakfast"],
        startsOn: day(50),
        endsOn: day(53),
        travellers: "2 adults",
        cancellation: r.refundable ? "Free cancellation until 3 days before arrival" : "Non-refundable",
        refundable: r.refundable,
        country: "ES",
        criteria: {},
        match: {},
      },
      cost: { amountMinor: full.sellAmountMinor, currency: full.sellCurrency },
      ...(i > 0 ? { groupId: proposal.groups[0]!.id } : {}),
    });
  }
  const { url } = await post<{ url: string }>(`/api/proposals/${proposal.id}/share`, { send: false });
  return new URL(url).pathname;
}

import { expect } from "vitest";
import { DEMO_AGENCY_ID } from "../sandbox/platform/agencies";
import { SandboxError } from "../sandbox/platform/errors";
import { searchKit } from "./sandbox-search";
import type { ResultRow } from "../sandbox/search/types";
import type { TestSandbox } from "./sandbox";
import { naturalChange } from "../sandbox/quotes/changes";
import type { PriceCheckResult, Requirements } from "../sandbox/quotes/model";
import type { ActivityOption } from "../sandbox/quotes/options";

/** Quote tests' helpers (imported by tests only): price-checks, options, fixtures and clock moves over HTTP. */
export function quoteKit(sb: TestSandbox) {
  const kit = searchKit(sb);
  const { seed } = sb.services.config;

  const check = (quoteId: string, body?: unknown) => kit.call<PriceCheckResult>("POST", `/quotes/${quoteId}/price-check`, body);
  const options = (quoteId: string, body?: unknown) => kit.call<ActivityOption[]>("POST", `/quotes/${quoteId}/options`, body);
  const advance = (seconds: number) => sb.control("POST", "/clock/advance", { seconds });

  /** A new search of `type` and its rows (hotels: every listing row of the first 60 hotels). */
  async function search(type: keyof typeof kit.bodies, over: Record<string, unknown> = {}): Promise<{ id: string; rows: ResultRow[] }> {
    const id = await kit.create(kit.bodies[type](over));
    const res = await kit.results(id, type === "hotel" ? "groupByProduct=true&limit=60" : "limit=200");
    expect(res.status).toBe(200);
    return { id, rows: res.body.data };
  }

  /** Rows a price-check leaves as they are (no natural hotel change). */
  const steady = (rows: ResultRow[]) => rows.filter((r) => naturalChange(seed, r) === "none");

  /** A key of another agency. */
  async function otherAgencyKey(): Promise<string> {
    const agency = await sb.control<{ agencyId: string }>("POST", "/agencies", { name: "Other Travel" });
    const made = await sb.control<{ key: string }>("POST", `/agencies/${agency.body.data.agencyId}/keys`, {});
    return made.body.data.key;
  }

  /** A fresh key of the demo agency (its own rate-limit budgets). */
  async function freshKey(): Promise<string> {
    return (await sb.control<{ key: string }>("POST", `/agencies/${DEMO_AGENCY_ID}/keys`, {})).body.data.key;
  }

  /** The quote's expiry as the engine holds it. */
  function expiresAt(quoteId: string): string {
    const q = sb.services.search.quote(quoteId);
    if (q.status !== "ok") throw new Error(`quote ${quoteId} is ${q.status}`);
    return new Date(q.quote.expiresAt).toISOString();
  }

  return { ...kit, check, options, advance, search, steady, otherAgencyKey, freshKey, expiresAt };
}

export const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

export const noRequirements: Requirements = {
  leadContact: false,
  title: "none",
  travelDocuments: false,
  flightDetails: false,
  panRequired: false,
  bookingQuestions: [],
};

/** The whole answer of an unchanged price-check of `row`. */
export function unchangedCheck(row: ResultRow, requirements: Partial<Requirements>, over: Partial<Record<keyof PriceCheckResult, unknown>> = {}) {
  return {
    quoteId: row.rateQuoteId,
    status: "unchanged",
    sellAmountMinor: row.sellAmountMinor,
    sellCurrency: row.sellCurrency,
    previousSellAmountMinor: row.sellAmountMinor,
    changes: [],
    changesAcknowledgementRequired: false,
    packageRate: false,
    refundable: row.refundable,
    cancellationPolicy: row.summary.cancellationPolicy,
    holdable: false,
    checkedAt: expect.stringMatching(ISO),
    bookableUntil: expect.stringMatching(ISO),
    quoteExpiresAt: expect.stringMatching(ISO),
    requirements: { ...noRequirements, ...requirements },
    ...over,
  };
}

/** What a ledger call threw, as { status, code } (or the test fails). */
export function thrown(fn: () => unknown): { status: number; code: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof SandboxError) return { status: err.status, code: err.code };
    throw err;
  }
  throw new Error("expected a SandboxError");
}

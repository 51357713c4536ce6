import type { Agencies, Agency } from "../platform/agencies";
import { SandboxError } from "../platform/errors";
import type { Money } from "./model";

/**
 * The agency's credit wallet (spec: Payment and credit). Checks and moves are synchronous, so a
 * check followed by a charge in the same tick cannot be overtaken by another request.
 */
export function walletOf(agencies: Agencies, agencyId: string): Agency {
  const agency = agencies.agencies.get(agencyId);
  if (!agency) throw new SandboxError(404, "not_found", "Agency not found.");
  return agency;
}

const money = (minor: number, currency: string) => `${currency} ${(minor / 100).toFixed(2)}`;

/** 403 credit_disabled, 409 wallet_currency_mismatch or 402 credit_limit_exceeded, in that order. */
export function assertCanCharge(agencies: Agencies, agencyId: string, amount: Money): void {
  const agency = walletOf(agencies, agencyId);
  if (!agency.creditEnabled) {
    throw new SandboxError(403, "credit_disabled", "Credit payments are switched off for this agency; nothing was charged.");
  }
  if (amount.currency !== agency.currency) {
    throw new SandboxError(
      409,
      "wallet_currency_mismatch",
      `The booking is priced in ${amount.currency} but the agency's credit wallet is in ${agency.currency}; search in ${agency.currency}.`,
    );
  }
  const available = agency.creditLimitMinor - agency.creditUsedMinor;
  if (amount.amountMinor > available) {
    throw new SandboxError(
      402,
      "credit_limit_exceeded",
      `Available credit ${money(Math.max(0, available), agency.currency)} does not cover ${money(amount.amountMinor, amount.currency)}; nothing was charged.`,
    );
  }
}

export function charge(agencies: Agencies, agencyId: string, amountMinor: number): void {
  const agency = walletOf(agencies, agencyId);
  agencies.updateAgency(agencyId, { creditUsedMinor: agency.creditUsedMinor + amountMinor });
}

/** Gives credit back (a refund, a failed booking); never below zero used. */
export function credit(agencies: Agencies, agencyId: string, amountMinor: number): void {
  if (amountMinor <= 0) return;
  const agency = walletOf(agencies, agencyId);
  agencies.updateAgency(agencyId, { creditUsedMinor: Math.max(0, agency.creditUsedMinor - amountMinor) });
}

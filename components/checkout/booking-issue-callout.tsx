"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { ApiError } from "@/lib/api-client";
import { searchHref, type SearchCriteria } from "@/lib/search/criteria";
import { CREDIT_TITLES } from "./checkout-errors";
import { readableDates } from "./format";
import type { BookingIssue } from "./use-checkout-booking";
import type { RecheckReason } from "./use-checkout-price";

// What the advisor reads after a booking that did not go through: whether it may have (and that
// trying again is safe), that it is being waited out, or why it was refused and what to do.

/** Over the price-check after a refused booking made the desk check the price again. */
export function RecheckNotice({ reason }: { reason: RecheckReason }) {
  return (
    <Callout tone="warning" title="We checked the price again">
      {reason === "unannounced"
        ? "The provider reported a change since the last check. Review what changed below and confirm the booking again."
        : "The earlier check was more than 10 minutes old. Review the price below and confirm the booking again."}
    </Callout>
  );
}

/** The last booking attempt's failure, with what the advisor can do about it. */
export function BookingIssueCallout({
  issue,
  criteria,
  searchId,
  canRetry,
  gaveUp,
  onRetry,
  submitting,
  canHold,
  onHold,
  onSearchAgain,
  searching,
}: {
  issue: BookingIssue | null;
  criteria: SearchCriteria;
  searchId: string;
  /** An attempt is pending, to be sent again as it was. */
  canRetry: boolean;
  /** "Still being processed" or "busy" was waited out as often as is reasonable. */
  gaveUp: boolean;
  onRetry: () => void;
  submitting: boolean;
  canHold: boolean;
  onHold: () => void;
  onSearchAgain: () => void;
  searching: boolean;
}) {
  if (!issue) return null;
  const message = issue.error instanceof ApiError ? readableDates(issue.error.message) : "Something went wrong while booking.";
  const code = issue.error instanceof ApiError ? issue.error.code : "";
  const back = (
    <Link href={searchHref(criteria, searchId)} className="font-medium underline underline-offset-2">
      Back to results
    </Link>
  );
  switch (issue.failure.kind) {
    case "uncertain":
      return (
        <Callout tone="warning" title="We could not confirm whether the booking went through">
          <p>{message}</p>
          <p className="mt-1">Trying again is safe: the desk resends the same booking and the travel service will not book it twice.</p>
          {canRetry ? (
            <Button size="sm" className="mt-3" onClick={onRetry} pending={submitting}>
              Try again
            </Button>
          ) : null}
        </Callout>
      );
    case "in_progress":
    case "busy": {
      // Waited out with the same request: the service is still on it, or the agency's budget refills shortly.
      const busy = issue.failure.kind === "busy";
      return (
        <Callout tone="warning" title={busy ? "The travel service is busy: booking in a moment…" : "This booking is still being processed…"}>
          <p>
            {busy
              ? gaveUp
                ? "The travel service is still limiting the agency's requests. Try again in a moment; the same booking is sent, so nothing is booked twice."
                : "The agency has reached the travel service's request limit for this minute. The desk sends the same booking again shortly; nothing will be booked twice."
              : gaveUp
                ? "It is taking longer than usual. Try again in a moment; the same request is sent, so nothing is booked twice."
                : "The travel service is still working on it. We'll ask again in a few seconds with the same request; nothing will be booked twice."}
          </p>
          {gaveUp && canRetry ? (
            <Button size="sm" className="mt-3" onClick={onRetry} pending={submitting}>
              Try again
            </Button>
          ) : null}
        </Callout>
      );
    }
    case "credit":
      return (
        <Callout title={CREDIT_TITLES[code] ?? "Agency credit"}>
          <p>{message}</p>
          {canHold ? (
            <p className="mt-2">
              This rate can be held without taking credit now.{" "}
              <button type="button" className="font-medium underline underline-offset-2" onClick={onHold}>
                Hold it instead
              </button>
            </p>
          ) : null}
        </Callout>
      );
    case "manifest":
      return (
        <Callout title="The travellers do not match the search">
          <p>{message}</p>
          {issue.error instanceof ApiError
            ? issue.error.details.filter((d) => d.message !== message).map((d, i) => <p key={i}>{d.message}</p>)
            : null}
          <p className="mt-2">
            The travellers follow the rooms and guests in this page&apos;s address. If the search changed, search again with the right party.{" "}
            <button type="button" className="font-medium underline underline-offset-2" onClick={onSearchAgain} disabled={searching}>
              Search again
            </button>{" "}
            · {back}
          </p>
        </Callout>
      );
    case "session":
      return (
        <Callout title="Your session has ended">
          <p>
            Nothing was booked, and what you typed is kept in this tab.{" "}
            <a href={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} className="font-medium underline underline-offset-2">
              Sign in again
            </a>{" "}
            and book.
          </p>
        </Callout>
      );
    case "fields":
      return (
        <Callout title="Some details need attention">
          <p>{message}</p>
          {issue.unplaced.map((d, i) => (
            <p key={i}>{d.message}</p>
          ))}
        </Callout>
      );
    case "hold_not_eligible":
    case "reprice":
    case "expired":
      return null;
    default:
      return (
        <Callout title="The booking was not made">
          <p>{message}</p>
          <p className="mt-1">Nothing was booked. {back} to pick another rate.</p>
        </Callout>
      );
  }
}


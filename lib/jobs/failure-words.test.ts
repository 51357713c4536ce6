import { describe, expect, it } from "vitest";
import { failureSentence } from "./failure-words";
import { scheduleWords } from "./schedule-words";

describe("failureSentence", () => {
  it.each([
    [{ value: { message: "job failed by timeout in active state" } }, /ran longer than it is allowed to \(perhaps the server stopped/],
    [{ name: "ShapedOut", message: "The bookings budget is spent for this window." }, /share of the travel service's budget/],
    [{ name: "TdsError", code: "supplier_unavailable", status: 503, message: "x" }, /^The supplier did not answer/],
    [{ name: "TdsError", code: "weird_new_code", status: 503, message: "x" }, /^The travel service failed while answering/],
    [{ message: "connect ECONNREFUSED 127.0.0.1:4010" }, /^The desk could not reach/],
    [{ message: "The service answered 503 twice." }, /^The service answered 503 twice\.$/],
    [{ message: "Cannot read properties of undefined (reading 'id')", stack: "TypeError: …\n    at run (/app/x.ts:1:1)" }, /does not know how to say; the server's log/],
    [{ message: "Stopped on 2026-11-28T10:00:00Z" }, /does not know how to say/],
    [null, /without saying why/],
  ])("%j → a sentence", (output, expected) => {
    const sentence = failureSentence(output as never);
    expect(sentence).toMatch(expected);
    expect(sentence).not.toMatch(/\d{4}-\d{2}-\d{2}|\n|\bat \S+ \(/);
  });
});

describe("scheduleWords", () => {
  it.each([
    ["* * * * *", "every minute"],
    ["*/5 * * * *", "every 5 minutes"],
    ["0 * * * *", "every hour, on the hour"],
    ["20 * * * *", "every hour at 20 past"],
    ["17 3 * * *", "daily at 03:17 UTC"],
    ["0 7 * * 1-5", "weekdays at 07:00 UTC"],
    ["30 6 * * 1", "Mondays at 06:30 UTC"],
    ["0 0 1 * *", "on the schedule 0 0 1 * * (UTC)"],
    [undefined, "when another job or a person queues it"],
  ])("%s → %s", (cron, words) => expect(scheduleWords(cron)).toBe(words));
});

import { log } from "@/lib/log";
import type { JobContext } from "../definitions";
import { voucherCandidates } from "./candidates";
import { sendVoucher, type VoucherOutcome } from "./send";
import { voucherDaysBefore } from "./settings";

// Job 4 (docs/follow-ups.md#job-4-vouchers-before-travel): every hour, when the agency has turned
// it on, the voucher of each confirmed booking travelling within its N days that nobody has sent.

export const VOUCHER_JOB = "vouchers-before-travel";
/**
 * Vouchers a run sends at most: the service takes 10 emails a minute from the agency and the
 * background lane half of that, so 20 is about four minutes; the rest go the next hour.
 */
export const VOUCHERS_PER_RUN = 20;

export type VoucherReport = { off: boolean; due: number } & Record<VoucherOutcome, number>;

export async function sendDueVouchers(ctx: JobContext): Promise<VoucherReport> {
  const report: VoucherReport = { off: false, due: 0, sent: 0, failed: 0, skipped: 0, taken: 0, later: 0 };
  const days = await voucherDaysBefore(ctx.db);
  if (days === null) return { ...report, off: true };
  const due = await voucherCandidates(ctx.db, ctx.now(), days, VOUCHERS_PER_RUN);
  report.due = due.length;
  for (const c of due) report[await sendVoucher(ctx, c, days)]++;
  if (report.due > 0) log.info({ job: VOUCHER_JOB, ...report }, "vouchers before travel");
  // Some could not be asked now: the engine retries the run (with backoff) for those.
  if (report.later > 0) throw new Error(`${report.later} voucher(s) could not be sent now; the desk will try again.`);
  return report;
}

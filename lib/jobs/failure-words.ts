// What went wrong with a job, as a sentence for an admin (docs/follow-ups.md#the-admins-page).
// pg-boss keeps a failed job's error as it was thrown (serialize-error: name, message, code,
// status, stack…) or, for a run cut off, its own `{ value: { message } }`. The page never shows a
// stack trace, an ISO date or a raw code: each known failure is a sentence, the rest a general one
// with the first line of the message when it reads like a sentence.

export type JobFailureOutput = {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  status?: unknown;
  value?: { message?: unknown } | unknown;
} | null;

const SERVICE_CODES: Record<string, string> = {
  rate_limited: "The travel service refused the call because the agency's budget for the minute was spent.",
  unauthorized: "The travel service did not accept the desk's API key.",
  forbidden: "The travel service refused the desk's API key for this call.",
  not_found: "The travel service has no such booking any more.",
  supplier_unavailable: "The supplier did not answer the travel service.",
  conflict: "The travel service refused the change because the booking had moved on.",
  internal_error: "The travel service failed while answering.",
  service_unavailable: "The travel service was unavailable.",
  timeout: "The travel service did not answer in time.",
  connection_error: "The desk could not reach the travel service.",
  invalid_response: "The travel service answered something the desk could not read.",
};

const ISO_DATE = /\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?/;
const TECHNICAL = /(?:\bat\s+\S+\s+\(|\n|[{}[\]<>]|\b(?:undefined|null|NaN|ECONN\w+|ETIMEDOUT|ENOTFOUND|Expected)\b|\w+\.\w+\()/;

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** One sentence for an admin about why a job failed; null output means pg-boss recorded no reason. */
export function failureSentence(output: JobFailureOutput | undefined): string {
  if (!output || typeof output !== "object") return "The job stopped without saying why.";
  const inner = output.value && typeof output.value === "object" ? text((output.value as { message?: unknown }).message) : "";
  const message = text(output.message) || inner;
  const name = text(output.name);
  const code = text(output.code);

  if (/failed by timeout in active state/i.test(message)) return "The job ran longer than it is allowed to (perhaps the server stopped while it ran), so it was stopped.";
  if (/handler execution exceeded/i.test(message)) return "The job ran longer than it is allowed to, so it was stopped.";
  if (name === "ShapedOut") return "The desk's share of the travel service's budget stayed spent for too long; the job gave up waiting.";
  if (code && SERVICE_CODES[code]) return SERVICE_CODES[code];
  if (code === "validation_error" || /^4\d\d$/.test(String(output.status ?? ""))) return "The travel service refused the job's request as it was.";
  if (/^5\d\d$/.test(String(output.status ?? ""))) return "The travel service failed while answering.";
  if (/ECONNREFUSED|ENOTFOUND|fetch failed|socket hang up|ECONNRESET/i.test(message)) return "The desk could not reach the travel service.";
  if (/ETIMEDOUT|timed? ?out/i.test(message)) return "The travel service did not answer in time.";
  if (/connection terminated|database|relation .* does not exist|deadlock/i.test(message)) return "The desk's database failed while the job ran.";

  // A message the desk wrote for people may be shown as it is: one short sentence, nothing technical.
  const first = message.split("\n")[0]!.trim();
  if (first && first.length <= 200 && /^[A-Z]/.test(first) && !ISO_DATE.test(first) && !TECHNICAL.test(first)) {
    return /[.!?]$/.test(first) ? first : `${first}.`;
  }
  return "The job failed for a reason the desk does not know how to say; the server's log has the details.";
}

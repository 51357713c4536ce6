import { Button } from "../ui/button";

// The foot of an admin settings card (the agency profile, the voucher setting): its Save button
// and a status that says what is saved, in one set of words.

const savedAt = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });
// Fixed locale and zone, as on the users page, so the server's HTML and the browser's render agree.
export const savedOn = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function CardSaveBar({
  label,
  submitting,
  dirty,
  saved,
  idle,
}: {
  label: string;
  submitting: boolean;
  dirty: boolean;
  /** When this page saved it last (null: not since it opened). */
  saved: Date | null;
  /** What the status says otherwise: when it was last saved, by whom, or that it never was. */
  idle: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/70 px-5 py-3 sm:px-6">
      <Button type="submit" pending={submitting}>
        {label}
      </Button>
      <p role="status" className="text-sm text-slate-600">
        {submitting ? "Saving…" : dirty ? "Unsaved changes" : saved ? `Saved at ${savedAt.format(saved)}.` : idle}
      </p>
    </div>
  );
}

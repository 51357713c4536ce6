"use client";

import { useEffect, useId, useState } from "react";
import { CircleCheck, Copy } from "lucide-react";
import { Button } from "../ui/button";
import { inputClasses } from "../ui/field";

/** An invite link to pass on by hand (the desk sends no email), with a Copy button. */
export function InviteLink({ url, name, autoFocus }: { url: string; name: string; autoFocus?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      // Clipboard access can be refused (insecure origin, permissions); the field stays selectable.
      setCopied("failed");
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Invite link for {name}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          // Where keyboard users land once the link exists, selected and ready to copy.
          autoFocus={autoFocus}
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClasses(false)} min-w-0 font-mono text-[0.8125rem]`}
        />
        <Button variant="secondary" onClick={copy} aria-label={`Copy the invite link for ${name}`} className="self-start sm:self-auto">
          {copied === "yes" ? <CircleCheck className="size-4 text-emerald-600" /> : <Copy className="size-4" />}
          {copied === "yes" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="text-[0.8125rem] leading-snug text-slate-500" aria-live="polite">
        {copied === "failed"
          ? "Your browser did not allow copying. Select the link and copy it yourself."
          : `It works once, for 7 days. Anyone who has it can set ${name}'s password, so send it only to them.`}
      </p>
    </div>
  );
}

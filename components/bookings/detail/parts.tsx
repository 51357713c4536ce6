"use client";

import { useState, type ReactNode } from "react";
import { Copy } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";

/** A section of the booking page: a card with an h2. */
export function Section({ id, title, description, children, className }: { id: string; title: string; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Card aria-labelledby={id} className={className}>
      <CardHeader title={title} titleId={id} description={description} />
      <div className="px-5 py-4 sm:px-6">{children}</div>
    </Card>
  );
}

/** Label/value pairs in a grid, for a few facts side by side. */
export function Facts({ children, className }: { children: ReactNode; className?: string }) {
  return <dl className={className ?? "grid gap-x-6 gap-y-3 sm:grid-cols-2"}>{children}</dl>;
}

export function FactItem({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={mono ? "mt-0.5 font-mono text-sm break-all text-ink" : "mt-0.5 text-sm text-ink"}>{children}</dd>
    </div>
  );
}

/** What a section shows when the detail has nothing for it. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-500">{children}</p>;
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Copy ${label}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        } catch {
          setCopied(false);
        }
      }}
    >
      <Copy className="size-3.5" />
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </Button>
  );
}
